import fs from 'node:fs';
import path from 'node:path';

/**
 * A CPU quota for processes (a Linux control group's `cpu` controller, v2 or v1; needs root): the
 * processes put in it get at most `cores` of CPU time over each 20 ms, as if they ran on a machine
 * of their own that size. The scale-out bench gives each app server one, so that on a small machine
 * a second server adds CPU the first did not have, as a second machine would.
 */
export interface CpuQuota {
  /** Where the group lives (for the bench's output). */
  readonly where: string;
  /** Moves a process, with all its threads, into the group. */
  add(pid: number): void;
  /** `cores` of CPU at most, or no limit (null). */
  limit(cores: number | null): void;
  /** Removes the group (its processes have ended or go back to the root group). */
  remove(): void;
}

const PERIOD_US = 20_000;
const V2_ROOT = '/sys/fs/cgroup';
const V1_ROOTS = ['/sys/fs/cgroup/cpu', '/sys/fs/cgroup/cpu,cpuacct'];

const write = (file: string, text: string) => fs.writeFileSync(file, text);

function group(dir: string, root: string, setLimit: (cores: number | null) => void): CpuQuota {
  return {
    where: dir,
    add: (pid) => write(path.join(dir, 'cgroup.procs'), String(pid)),
    limit: setLimit,
    remove: () => {
      try {
        for (const pid of fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean))
          write(path.join(root, 'cgroup.procs'), pid);
        fs.rmdirSync(dir);
      } catch {
        // Already gone, or a process still leaving: the empty group is harmless.
      }
    },
  };
}

/** A new group named `name`, or null where control groups cannot be written (not root, no cpu controller). */
export function createCpuQuota(name: string): CpuQuota | null {
  try {
    const controllers = path.join(V2_ROOT, 'cgroup.controllers');
    if (fs.existsSync(controllers)) {
      if (!fs.readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu')) return null;
      write(path.join(V2_ROOT, 'cgroup.subtree_control'), '+cpu');
      const dir = path.join(V2_ROOT, name);
      fs.mkdirSync(dir, { recursive: true });
      const quota = group(dir, V2_ROOT, (cores) =>
        write(
          path.join(dir, 'cpu.max'),
          cores === null ? `max ${PERIOD_US}` : `${Math.round(cores * PERIOD_US)} ${PERIOD_US}`,
        ),
      );
      quota.limit(null);
      return quota;
    }
    const root = V1_ROOTS.find((dir) => fs.existsSync(path.join(dir, 'cpu.cfs_quota_us')));
    if (!root) return null;
    const dir = path.join(root, name);
    fs.mkdirSync(dir, { recursive: true });
    write(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
    const quota = group(dir, root, (cores) =>
      write(
        path.join(dir, 'cpu.cfs_quota_us'),
        cores === null ? '-1' : String(Math.round(cores * PERIOD_US)),
      ),
    );
    quota.limit(null);
    return quota;
  } catch {
    return null;
  }
}
