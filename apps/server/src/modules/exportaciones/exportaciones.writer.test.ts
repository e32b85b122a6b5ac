import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { escribirCsv, tituloColumna } from './exportaciones.writer.ts';

describe('tituloColumna', () => {
  it('adds the unit once: not when the variable name already carries it', () => {
    const col = (titulo: string, unidad: string | null) => ({
      clave: 'x',
      titulo,
      unidad,
      tipo: 'numero' as const,
    });
    expect(tituloColumna(col('Consumo de agua', 'm³'))).toBe('Consumo de agua (m³)');
    expect(tituloColumna(col('Flujo aire L1 (Nm³/h)', 'Nm³/h'))).toBe('Flujo aire L1 (Nm³/h)');
    expect(tituloColumna(col('Flujo aire AP soplado (Nm³/h)_561', 'Nm³/h'))).toBe(
      'Flujo aire AP soplado (Nm³/h)_561',
    );
    expect(tituloColumna(col('Fecha', null))).toBe('Fecha');
  });
});

describe('escribirCsv', () => {
  it("writes a column's 'vacio' text where a row has no value, and the value where it has one", async () => {
    const partes: Buffer[] = [];
    const salida = new Writable({
      write: (chunk: Buffer, _enc, done) => {
        partes.push(chunk);
        done();
      },
    });
    await escribirCsv(
      salida,
      [
        {
          nombre: 'Paros',
          columnas: [
            { clave: 'inicio', titulo: 'Inicio', tipo: 'fecha_hora' },
            { clave: 'fin', titulo: 'Fin', tipo: 'fecha_hora', vacio: 'En curso' },
          ],
          filas: [
            { inicio: new Date('2026-03-04T13:00:00Z'), fin: new Date('2026-03-04T13:30:00Z') },
            { inicio: new Date('2026-03-04T14:00:00Z'), fin: null },
          ],
        },
      ],
      {
        planta: 'Planta',
        informe: 'Paros',
        desde: null,
        hasta: null,
        intervalo: null,
        generadoPor: 'Prueba',
        generadoEn: new Date(0),
        zonaHoraria: 'America/Lima',
      },
      { progreso: () => {}, signal: new AbortController().signal },
    );
    expect(Buffer.concat(partes).toString('utf8').split('\r\n')).toEqual([
      '\uFEFFInicio,Fin',
      '2026-03-04 08:00,2026-03-04 08:30',
      '2026-03-04 09:00,En curso',
      '',
    ]);
  });
});
