import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditAggregator } from './audit-aggregator.ts';
import type { AuditEntry, AuditRepository } from './audit.repository.ts';

function fakeAudit() {
  const rows: AuditEntry[] = [];
  const audit = { record: async (entry: AuditEntry) => void rows.push(entry) } as unknown as AuditRepository;
  return { rows, audit };
}

const throttled = (username: string): AuditEntry => ({
  action: 'login_throttled',
  ip: '10.0.0.1',
  details: { username },
});

describe('AuditAggregator', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the first event of a key at once and the rest of its window as one counted row', async () => {
    vi.useFakeTimers();
    const { rows, audit } = fakeAudit();
    const aggregator = new AuditAggregator(audit, { windowMs: 60_000 });
    for (let i = 0; i < 135; i++) await aggregator.note('10.0.0.1|admin', throttled('admin'));
    expect(rows).toEqual([{ ...throttled('admin'), details: { username: 'admin', intentos: 1 } }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(rows[1]?.details).toEqual({ username: 'admin', intentos: 134, agregado: true, ventana_s: 60 });
    // A new window starts again with one row.
    await aggregator.note('10.0.0.1|admin', throttled('admin'));
    expect(rows).toHaveLength(3);
  });

  it('bounds the keys: past maxKeys every new key shares one overflow row', async () => {
    const { rows, audit } = fakeAudit();
    const aggregator = new AuditAggregator(audit, { windowMs: 60_000, maxKeys: 3 });
    for (let i = 0; i < 1000; i++) await aggregator.note(`ip|u${i}`, throttled(`u${i}`));
    expect(rows).toHaveLength(4); // 3 keys + the overflow's first row
    await aggregator.flush();
    const total = rows.reduce((sum, row) => sum + Number(row.details?.intentos), 0);
    expect(total).toBe(1000);
    expect(rows).toHaveLength(5);
  });
});
