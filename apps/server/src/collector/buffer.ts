import fs from 'node:fs';
import path from 'node:path';

/**
 * Store-and-forward buffer: batches that could not be written to the database wait here, one JSON
 * line each, fsynced. A batch leaves the file only after its database commit (the flusher rewrites
 * the file without it). Bounded: beyond `maxBytes` the oldest batches are dropped and counted.
 */
export class DiskBuffer<T> {
  private readonly file: string;
  /** Rows dropped (as counted by `rowsOf`) since start. */
  dropped = 0;

  constructor(
    dir: string,
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly rowsOf: (batch: T) => number = () => 1,
  ) {
    fs.mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, 'pendientes.jsonl');
  }

  append(batch: T): void {
    const fd = fs.openSync(this.file, 'a');
    try {
      fs.writeSync(fd, `${JSON.stringify(batch)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (this.bytes() > this.maxBytes) this.dropOldest();
  }

  bytes(): number {
    try {
      return fs.statSync(this.file).size;
    } catch {
      return 0;
    }
  }

  /** Changes whenever the file does (append, rewrite, removal): '' when there is no file. */
  stamp(): string {
    try {
      const stat = fs.statSync(this.file, { bigint: true });
      return `${stat.ino}:${stat.size}:${stat.mtimeNs}`;
    } catch {
      return '';
    }
  }

  /** The waiting batches, oldest first. */
  read(): T[] {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch {
      return [];
    }
    const batches: T[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        batches.push(JSON.parse(line) as T);
      } catch {
        // A torn last line after a crash mid-append: that batch was never acknowledged.
      }
    }
    return batches;
  }

  /** Keeps only `remaining` (what has not been committed yet), atomically. */
  replace(remaining: T[]): void {
    if (remaining.length === 0) {
      fs.rmSync(this.file, { force: true });
      return;
    }
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, remaining.map((b) => `${JSON.stringify(b)}\n`).join(''));
    const fd = fs.openSync(tmp, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, this.file);
  }

  private dropOldest(): void {
    const batches = this.read();
    const cut = Math.ceil(batches.length / 4);
    const keep = batches.slice(cut);
    this.dropped += batches.slice(0, cut).reduce((n, b) => n + this.rowsOf(b), 0);
    this.replace(keep);
  }
}
