import { describe, expect, it } from 'vitest';
import { formatInstante } from './paro-form.ts';

describe('formatInstante', () => {
  it('writes an instant as the plant clock shows it, DD/MM/AAAA HH:mm (24 h)', () => {
    expect(formatInstante('2026-03-02T14:40:00Z', 'America/Lima')).toBe('02/03/2026 09:40');
    expect(formatInstante('2026-03-03T05:00:00Z', 'America/Lima')).toBe('03/03/2026 00:00'); // midnight
    expect(formatInstante('2026-01-01T04:59:00Z', 'America/Lima')).toBe('31/12/2025 23:59');
  });

  it('leaves the text as it came while the plant calendar is unknown', () => {
    expect(formatInstante('2026-03-02T14:40:00Z', undefined)).toBe('2026-03-02T14:40:00Z');
  });
});
