import { describe, expect, it } from 'vitest';
import { reglaDefaults, reglaFormSchema, type ReglaFormValues, reglaInput } from './regla-form.ts';

const base = (cambios: Partial<ReglaFormValues> = {}): ReglaFormValues => ({
  ...reglaDefaults(null),
  nombre: 'DQO fuera de rango',
  variable_id: '7',
  ...cambios,
});

const reglaDefaultsBase = {
  nombre: 'r',
  fuente: 'DIARIO',
  variable: null,
  linea_id: '3',
  condicion: 'FUERA_DE_RANGO',
  umbral: 5,
  duracion_min: 0,
  histeresis: 0,
  severidad: 'AVISO',
  roles_destino: ['admin'],
  usuarios_destino: [],
  canal_app: true,
  canal_email: false,
  activa: true,
};

/** The form's messages by field (zod's issues), empty when valid. */
function errores(values: ReglaFormValues): Record<string, string> {
  const result = reglaFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('reglaFormSchema', () => {
  it('accepts a DIARIO rule on a variable and sends no line, threshold nor duration', () => {
    expect(errores(base())).toEqual({});
    expect(reglaInput(base({ umbral: '5', linea_id: '3' }))).toMatchObject({
      fuente: 'DIARIO',
      variable_id: '7',
      linea_id: null,
      condicion: 'FUERA_DE_RANGO',
      umbral: null,
      duracion_min: null,
      histeresis: 0,
      severidad: 'AVISO',
      roles_destino: ['admin'],
      canal_app: true,
    });
  });

  it('requires the variable on DIARIO and the line on VIVO', () => {
    expect(errores(base({ variable_id: '' }))).toEqual({ variable_id: 'Elija la variable' });
    expect(errores(base({ fuente: 'VIVO', condicion: 'UMBRAL_BAJO', umbral: '300' }))).toEqual({
      linea_id: 'Elija la línea',
    });
  });

  it('requires a threshold for UMBRAL_* (es-PE number), and reads it', () => {
    expect(errores(base({ condicion: 'UMBRAL_SOBRE' }))).toEqual({ umbral: 'El umbral es obligatorio' });
    expect(errores(base({ condicion: 'UMBRAL_SOBRE', umbral: '12,5' }))).toEqual({
      umbral: 'Umbral: escriba un número',
    });
    expect(reglaInput(base({ condicion: 'UMBRAL_SOBRE', umbral: '1,200.5' })).umbral).toBe(1200.5);
  });

  it('asks a VIVO duration of 1–1440 minutes and ignores it on DIARIO', () => {
    const vivo = { fuente: 'VIVO' as const, linea_id: '2', condicion: 'UMBRAL_BAJO' as const, umbral: '300' };
    for (const mal of ['0', '1441', '2.5', ''])
      expect(errores(base({ ...vivo, duracion_min: mal }))).toEqual({
        duracion_min: 'La duración debe estar entre 1 y 1440 minutos',
      });
    expect(errores(base({ ...vivo, duracion_min: '1440' }))).toEqual({});
    expect(reglaInput(base({ ...vivo, duracion_min: '10' }))).toMatchObject({
      variable_id: null,
      linea_id: '2',
      duracion_min: 10,
      umbral: 300,
    });
    expect(errores(base({ duracion_min: '0' }))).toEqual({});
  });

  it('PAROS: a line, one of its two conditions and N a whole number in range; no duration, no band on minutes', () => {
    const paros = {
      fuente: 'PAROS' as const,
      linea_id: '3',
      condicion: 'PARO_SIN_MOTIVO' as const,
      umbral: '25',
    };
    expect(errores(base(paros))).toEqual({});
    expect(errores(base({ ...paros, linea_id: '' }))).toEqual({ linea_id: 'Elija la línea' });
    expect(errores(base({ ...paros, umbral: '' }))).toEqual({ umbral: 'Minutos sin motivo: es obligatorio' });
    for (const mal of ['0', '-1', '1441', '2.5'])
      expect(errores(base({ ...paros, umbral: mal }))).toEqual({
        umbral: 'Minutos sin motivo: un número entero entre 1 y 1440',
      });
    expect(errores(base({ ...paros, condicion: 'MICROPAROS_HORA', umbral: '1001' }))).toEqual({
      umbral: 'Microparos por hora: un número entero entre 1 y 1000',
    });
    expect(errores(base({ ...paros, condicion: 'UMBRAL_BAJO' }))).toEqual({
      condicion: 'Elija una condición de «Paros de línea»',
    });
    expect(errores(base({ condicion: 'MICROPAROS_HORA', umbral: '5' }))).toEqual({
      condicion: 'Elija una condición de «Valor diario de una variable»',
    });
    expect(reglaInput(base({ ...paros, histeresis: '2', duracion_min: '10' }))).toMatchObject({
      fuente: 'PAROS',
      variable_id: null,
      linea_id: '3',
      umbral: 25,
      duracion_min: null,
      histeresis: 0,
    });
    expect(
      reglaInput(base({ ...paros, condicion: 'MICROPAROS_HORA', umbral: '5', histeresis: '1' })),
    ).toMatchObject({ condicion: 'MICROPAROS_HORA', umbral: 5, histeresis: 1 });
    expect(
      reglaDefaults({ ...reglaDefaultsBase, fuente: 'PAROS', condicion: 'MICROPAROS_HORA' }),
    ).toMatchObject({
      fuente: 'PAROS',
      condicion: 'MICROPAROS_HORA',
    });
  });

  it('refuses a negative hysteresis, no channel, no recipient and a blank name', () => {
    expect(errores(base({ histeresis: '-1' }))).toEqual({
      histeresis: 'La histéresis no puede ser negativa',
    });
    expect(errores(base({ canal_app: false, canal_email: false }))).toEqual({
      canal_app: 'Elija al menos un canal',
    });
    expect(errores(base({ roles_destino: [] }))).toEqual({
      roles_destino: 'Elija al menos un destinatario (rol o usuario)',
    });
    expect(errores(base({ roles_destino: [], usuarios_destino: ['4'] }))).toEqual({});
    expect(errores(base({ nombre: '   ' }))).toEqual({ nombre: 'El nombre es obligatorio' });
  });

  it('round-trips a saved rule through the form', () => {
    const regla = {
      nombre: 'Velocidad L1',
      fuente: 'VIVO',
      variable: null,
      linea_id: '1',
      condicion: 'UMBRAL_BAJO',
      umbral: 300,
      duracion_min: 10,
      histeresis: 5,
      severidad: 'CRITICA',
      roles_destino: ['TODOS'],
      usuarios_destino: [{ id: '9' }],
      canal_app: true,
      canal_email: true,
      activa: false,
    };
    const values = reglaDefaults(regla);
    expect(errores(values)).toEqual({});
    expect(reglaInput(values)).toEqual({
      ...regla,
      variable: undefined,
      variable_id: null,
      usuarios_destino: ['9'],
    });
  });
});
