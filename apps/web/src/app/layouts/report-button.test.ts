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

  it('takes the report screens’ interval, grouping, lines, charted figure and picked variables', () => {
    expect(
      parametrosReporte('?desde=2026-11-01&hasta=2026-11-02&intervalo=QUINCE_MINUTOS&variables=12,15'),
    ).toEqual({
      desde: '2026-11-01',
      hasta: '2026-11-02',
      intervalo: 'QUINCE_MINUTOS',
      variables: '12,15',
    });
    expect(parametrosReporte('?agrupacion=TURNO&lineas=1,3&serie=paquetes&pagina=2')).toEqual({
      agrupacion: 'TURNO',
      lineas: '1,3',
      serie: 'paquetes',
    });
  });

  it('sends nothing for a screen without parameters or with empty ones', () => {
    expect(parametrosReporte('')).toEqual({});
    expect(parametrosReporte('?fecha=&mes=')).toEqual({});
  });
});
