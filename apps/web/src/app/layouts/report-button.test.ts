import { describe, expect, it } from 'vitest';
import { parametrosReporte } from './report-button.tsx';

describe('parametrosReporte', () => {
  it('takes the date, range and filters of the screen URL and leaves the rest out', () => {
    expect(parametrosReporte('?fecha=2026-11-21&variable=ETA%20(%25)&agrupar=EQUIPO')).toEqual({
      fecha: '2026-11-21',
      variable: 'ETA (%)',
    });
    expect(parametrosReporte('?desde=2026-11-01&hasta=2026-11-15&linea=2')).toEqual({
      desde: '2026-11-01',
      hasta: '2026-11-15',
      linea: '2',
    });
  });

  it('sends nothing for a screen without parameters or with empty ones', () => {
    expect(parametrosReporte('')).toEqual({});
    expect(parametrosReporte('?fecha=&mes=')).toEqual({});
  });
});
