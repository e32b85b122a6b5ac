import { describe, expect, it } from 'vitest';
import {
  agregarCorreos,
  formatFechaHora,
  PANTALLAS_CON_REPORTE,
  parseCorreos,
  periodicidadesDe,
  periodicidadTexto,
  reporteDefaults,
  reporteFormSchema,
  type ReporteFormValues,
  reporteInput,
} from './reporte-form.ts';

const base = (cambios: Partial<ReporteFormValues> = {}): ReporteFormValues => ({
  ...reporteDefaults(null),
  nombre: 'Fábrica diario',
  ruta: '/fabrica',
  destinatarios: ['jefe@planta.pe'],
  ...cambios,
});

/** The form's messages by field (zod's issues), empty when valid. */
function errores(values: ReporteFormValues): Record<string, string> {
  const result = reporteFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('parseCorreos', () => {
  it('splits on commas, semicolons, spaces and new lines; lower case, each once', () => {
    expect(parseCorreos('a@x.pe, B@x.pe;c@x.pe\n d@x.pe\t\te@x.pe  a@x.pe')).toEqual([
      'a@x.pe',
      'b@x.pe',
      'c@x.pe',
      'd@x.pe',
      'e@x.pe',
    ]);
    expect(parseCorreos(' ,\n ')).toEqual([]);
  });

  it('adds only the new addresses to the chips', () => {
    expect(agregarCorreos(['a@x.pe'], 'A@x.pe b@x.pe')).toEqual(['a@x.pe', 'b@x.pe']);
  });
});

describe('reporteFormSchema', () => {
  it('accepts a daily report and sends no weekday nor month day', () => {
    expect(errores(base())).toEqual({});
    expect(reporteInput(base({ hora: '8:05', dia_semana: '3', dia_mes: '9' }))).toEqual({
      nombre: 'Fábrica diario',
      ruta: '/fabrica',
      periodicidad: 'DIARIA',
      hora: '08:05',
      dia_semana: null,
      dia_mes: null,
      destinatarios: ['jefe@planta.pe'],
      activo: true,
    });
  });

  it('requires the name, a screen with a report and an HH:MM hour', () => {
    expect(errores(base({ nombre: '  ', ruta: '', hora: '24:00' }))).toEqual({
      nombre: 'El nombre es obligatorio',
      ruta: 'Elija la pantalla del reporte',
      hora: 'Escriba la hora como HH:MM (00:00 a 23:59)',
    });
    // The water report has no PDF: not offered, not accepted.
    expect(PANTALLAS_CON_REPORTE.some((p) => p.ruta === '/reportes/agua')).toBe(false);
    expect(PANTALLAS_CON_REPORTE.find((p) => p.ruta === '/fabrica')?.titulo).toBe('Dashboard Fábrica');
    expect(errores(base({ ruta: '/reportes/agua' }))).toEqual({ ruta: 'Elija la pantalla del reporte' });
    expect(errores(base({ hora: '7:5' }))).toEqual({ hora: 'Escriba la hora como HH:MM (00:00 a 23:59)' });
    expect(errores(base({ hora: '23:59' }))).toEqual({});
  });

  it('weekly: a weekday 1 (Monday) … 7 (Sunday) is required and sent', () => {
    expect(errores(base({ periodicidad: 'SEMANAL', dia_semana: '' }))).toEqual({
      dia_semana: 'Elija el día de la semana del envío',
    });
    expect(errores(base({ periodicidad: 'SEMANAL', dia_semana: '8' }))).toEqual({
      dia_semana: 'Elija el día de la semana del envío',
    });
    expect(reporteInput(base({ periodicidad: 'SEMANAL', dia_semana: '7', dia_mes: '3' }))).toMatchObject({
      periodicidad: 'SEMANAL',
      dia_semana: 7,
      dia_mes: null,
    });
  });

  it('monthly: a day 1 … 28 is required and sent', () => {
    for (const dia of ['', '0', '29', '31', '2.5', 'x'])
      expect(errores(base({ periodicidad: 'MENSUAL', dia_mes: dia }))).toEqual({
        dia_mes: 'El día del mes debe estar entre 1 y 28',
      });
    expect(errores(base({ periodicidad: 'MENSUAL', dia_mes: '28' }))).toEqual({});
    expect(reporteInput(base({ periodicidad: 'MENSUAL', dia_mes: '15', dia_semana: '2' }))).toMatchObject({
      dia_semana: null,
      dia_mes: 15,
    });
  });

  it('requires at least one recipient and names the invalid addresses', () => {
    expect(errores(base({ destinatarios: [] }))).toEqual({
      destinatarios: 'Escriba al menos un destinatario',
    });
    expect(errores(base({ destinatarios: ['ok@planta.pe', 'sin-arroba.pe'] }))).toEqual({
      destinatarios: 'Dirección de correo no válida: sin-arroba.pe',
    });
    expect(errores(base({ destinatarios: ['a@b', 'x@@y.pe'] }))).toEqual({
      destinatarios: 'Direcciones de correo no válidas: a@b, x@@y.pe',
    });
    const muchos = Array.from({ length: 51 }, (_v, i) => `u${i}@planta.pe`);
    expect(errores(base({ destinatarios: muchos }))).toEqual({
      destinatarios: 'Como máximo 50 destinatarios',
    });
  });

  it('edits a report as loaded', () => {
    expect(
      reporteDefaults({
        nombre: 'Semanal',
        ruta: '/rendimiento',
        periodicidad: 'SEMANAL',
        hora: '09:30',
        dia_semana: 5,
        dia_mes: null,
        destinatarios: ['a@x.pe'],
        activo: false,
      }),
    ).toEqual({
      nombre: 'Semanal',
      ruta: '/rendimiento',
      periodicidad: 'SEMANAL',
      hora: '09:30',
      dia_semana: '5',
      dia_mes: '1',
      linea: '',
      destinatarios: ['a@x.pe'],
      activo: false,
    });
  });

  it('al cierre de cada turno: only for Pérdidas, without an hour, for the plant or a line', () => {
    expect(periodicidadesDe('/fabrica').map(([p]) => p)).toEqual(['DIARIA', 'SEMANAL', 'MENSUAL']);
    expect(periodicidadesDe('/fabrica/perdidas').map(([p]) => p)).toEqual([
      'DIARIA',
      'SEMANAL',
      'MENSUAL',
      'TURNO',
    ]);
    const turno = base({ ruta: '/fabrica/perdidas', periodicidad: 'TURNO', hora: '', linea: '2' });
    expect(errores(turno)).toEqual({});
    expect(reporteInput(turno)).toMatchObject({ periodicidad: 'TURNO', hora: null, linea: 2 });
    expect(reporteInput({ ...turno, linea: '' })).toMatchObject({ linea: null });
    expect(errores({ ...turno, ruta: '/fabrica' })).toEqual({
      periodicidad: 'Al cierre de cada turno solo se envía el reporte de Pérdidas: elija otra',
    });
    // A screen without a per-shift report sends no line.
    expect(reporteInput(base({ linea: '2' }))).not.toHaveProperty('linea');
    expect(
      reporteDefaults({
        nombre: 'Pérdidas L3',
        ruta: '/fabrica/perdidas',
        periodicidad: 'TURNO',
        hora: null,
        linea: 3,
        destinatarios: [],
        activo: true,
      }),
    ).toMatchObject({ periodicidad: 'TURNO', hora: '08:00', linea: '3' });
  });
});

describe('labels', () => {
  it('says the periodicity in Spanish', () => {
    expect(periodicidadTexto({ periodicidad: 'DIARIA' })).toBe('Diaria');
    expect(periodicidadTexto({ periodicidad: 'SEMANAL', dia_semana: 1 })).toBe('Semanal (Lunes)');
    expect(periodicidadTexto({ periodicidad: 'SEMANAL', dia_semana: 7 })).toBe('Semanal (Domingo)');
    expect(periodicidadTexto({ periodicidad: 'MENSUAL', dia_mes: 5 })).toBe('Mensual (día 5)');
  });

  it('formats an instant dd/mm/yyyy HH:mm in plant time', () => {
    expect(formatFechaHora('2026-11-27T13:05:00Z', 'America/Lima')).toBe('27/11/2026 08:05');
    expect(formatFechaHora('2026-11-28T04:59:00Z', 'America/Lima')).toBe('27/11/2026 23:59');
  });
});
