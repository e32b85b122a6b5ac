import { energyDate } from '@planta/domain';
import { describe, expect, it } from 'vitest';
import { resolveProductionDate } from '../../../components/dates/production-date.ts';

const LIMA = 'America/Lima'; // UTC−5, no daylight saving

describe('the energy date (SPEC §4)', () => {
  it('defaults to yesterday at 06:59 plant time and to today from 07:00', () => {
    const at0659 = energyDate(new Date('2026-03-10T11:59:00Z'), LIMA);
    const at0700 = energyDate(new Date('2026-03-10T12:00:00Z'), LIMA);
    expect(at0659).toBe('2026-03-09');
    expect(at0700).toBe('2026-03-10');
    // The screen's date control starts on it when the URL names no date.
    expect(resolveProductionDate(null, at0659)?.fecha).toBe('2026-03-09');
    expect(resolveProductionDate(null, at0700)?.fecha).toBe('2026-03-10');
  });
});
