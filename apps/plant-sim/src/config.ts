import path from 'node:path';
import { LISTA_DE_LINEAS } from '@planta/domain';
import { z } from 'zod';

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('es', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const integer = (min: number, max: number) =>
  z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(min, `debe estar entre ${min} y ${max}`)
    .max(max, `debe estar entre ${min} y ${max}`);

const onOff = z.enum(['on', 'off'], { error: 'debe ser "on" u "off"' });

const envSchema = z.object({
  SIM_PORT: integer(0, 65535).default(4840),
  SIM_HOST: z.string().min(1, 'no puede estar vacío').default('127.0.0.1'),
  SIM_EXTRA_TAGS: integer(0, 100_000).default(0),
  PLANT_TZ: z.string().refine(isTimeZone, 'no es una zona horaria IANA válida').default('America/Lima'),
  DATA_DIR: z.string().min(1, 'no puede estar vacío').default('./data'),
  SIM_TEST_CONTROLS: onOff.default('off'),
  SIM_LINEAS_EN_MARCHA: z.string().regex(LISTA_DE_LINEAS.patron, LISTA_DE_LINEAS.mensaje).optional(),
});

export interface SimConfig {
  port: number;
  host: string;
  extraTags: number;
  timeZone: string;
  dataDir: string;
  /** Writable Planta.LineaN.Simulacion.* nodes that force stops (for tests). */
  testControls: boolean;
  /** Lines kept running whatever the model's schedule (tests that read the day in progress at any hour). */
  lineasEnMarcha: number[];
}

export class SimConfigError extends Error {}

/** Validates the simulator's environment; fails with one Spanish line naming the variable. */
export function loadSimConfig(env: Record<string, string | undefined>): SimConfig {
  // Empty strings mean "unset", as in a .env file with `KEY=`.
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'configuración');
    throw new SimConfigError(
      `Configuración inválida del simulador: ${name} ${issue?.message ?? 'no es válido'} (recibido "${env[name] ?? ''}")`,
    );
  }
  const e = parsed.data;
  return {
    port: e.SIM_PORT,
    host: e.SIM_HOST,
    extraTags: e.SIM_EXTRA_TAGS,
    timeZone: e.PLANT_TZ,
    dataDir: path.resolve(e.DATA_DIR),
    testControls: e.SIM_TEST_CONTROLS === 'on',
    lineasEnMarcha: LISTA_DE_LINEAS.leer(e.SIM_LINEAS_EN_MARCHA),
  };
}
