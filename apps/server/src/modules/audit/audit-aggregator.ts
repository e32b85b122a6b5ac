import type { AuditEntry, AuditRepository } from './audit.repository.ts';

export interface AuditAggregatorOptions {
  windowMs: number;
  /** Distinct keys counted at once; beyond it every new key shares one overflow row. */
  maxKeys?: number;
  onError?: (error: unknown) => void;
}

interface Slot {
  entry: AuditEntry;
  extra: number;
  timer: NodeJS.Timeout;
}

const OVERFLOW_KEY = '*';

/**
 * Audit rows for events an attacker can repeat at will (throttled logins): the first event of a key
 * is written at once with `intentos: 1`; the rest of its window are counted and written as one row
 * when the window ends (`intentos: n, agregado: true`). So a flood costs at most two rows per key
 * and window, and at most `maxKeys` keys (the rest share one row) instead of one row per request.
 */
export class AuditAggregator {
  private readonly slots = new Map<string, Slot>();
  private readonly maxKeys: number;

  constructor(
    private readonly audit: AuditRepository,
    private readonly options: AuditAggregatorOptions,
  ) {
    this.maxKeys = options.maxKeys ?? 100;
  }

  /** Counts one event; resolves once its row (if it gets one now) is written. */
  async note(key: string, entry: AuditEntry): Promise<void> {
    let slotKey = key;
    let slotEntry = entry;
    if (!this.slots.has(key) && this.slots.size >= this.maxKeys) {
      slotKey = OVERFLOW_KEY;
      slotEntry = { action: entry.action, details: { agrupados: 'varios' } };
    }
    const slot = this.slots.get(slotKey);
    if (slot) {
      slot.extra++;
      return;
    }
    const timer = setTimeout(() => void this.flushKey(slotKey), this.options.windowMs);
    timer.unref();
    this.slots.set(slotKey, { entry: slotEntry, extra: 0, timer });
    await this.write(slotEntry, 1, false);
  }

  /** Writes every pending count now (on shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.slots.keys()].map((key) => this.flushKey(key)));
  }

  private async flushKey(key: string): Promise<void> {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    clearTimeout(slot.timer);
    if (slot.extra > 0) await this.write(slot.entry, slot.extra, true);
  }

  private async write(entry: AuditEntry, count: number, aggregated: boolean): Promise<void> {
    try {
      await this.audit.record({
        ...entry,
        details: {
          ...entry.details,
          intentos: count,
          ...(aggregated ? { agregado: true, ventana_s: Math.round(this.options.windowMs / 1000) } : {}),
        },
      });
    } catch (error) {
      this.options.onError?.(error);
    }
  }
}
