import { ROLE_LABELS } from '@planta/domain';
import { z } from 'zod/mini';
import { numeroOpcional } from '../../../components/config/numero.ts';
import type { ReglaNotificacionInput } from '../../../gql/types.ts';

export const CONDICION_LABEL: Record<string, string> = {
  FUERA_DE_RANGO: 'Fuera de rango (mínimo/máximo)',
  BAJO_META: 'Bajo la meta',
  SOBRE_META: 'Sobre la meta',
  UMBRAL_BAJO: 'Bajo un umbral',
  UMBRAL_SOBRE: 'Sobre un umbral',
  PARO_SIN_MOTIVO: 'Paro sin motivo por más de N minutos',
  MICROPAROS_HORA: 'Más de N microparos en una hora',
};

export const FUENTE_REGLA_LABEL: Record<string, string> = {
  DIARIO: 'Valor diario de una variable',
  VIVO: 'Velocidad en vivo de una línea',
  PAROS: 'Paros de línea',
};

export const ROL_DESTINO_LABEL: Record<string, string> = { ...ROLE_LABELS, TODOS: 'Todos los usuarios' };

/** The conditions on a value (DIARIO; VIVO takes the thresholds only). */
const CONDICIONES_VALOR = [
  'FUERA_DE_RANGO',
  'BAJO_META',
  'SOBRE_META',
  'UMBRAL_BAJO',
  'UMBRAL_SOBRE',
] as const;
/** The conditions on a line's stops (PAROS): N is minutes without a reason, or micro-stops in an hour. */
const CONDICIONES_PAROS = ['PARO_SIN_MOTIVO', 'MICROPAROS_HORA'] as const;
export const CONDICIONES = [...CONDICIONES_VALOR, ...CONDICIONES_PAROS] as const;
type CondicionRegla = (typeof CONDICIONES)[number];

const FUENTES = ['DIARIO', 'VIVO', 'PAROS'] as const;

/** The conditions a source offers. */
export function condicionesDe(fuente: string): readonly CondicionRegla[] {
  if (fuente === 'PAROS') return CONDICIONES_PAROS;
  if (fuente === 'VIVO') return ['UMBRAL_BAJO', 'UMBRAL_SOBRE'];
  return CONDICIONES_VALOR;
}

export const esCondicionParos = (condicion: string) =>
  (CONDICIONES_PAROS as readonly string[]).includes(condicion);

/** Whether the condition compares with N (umbral): the thresholds and the rules on stops. */
export const usaUmbral = (condicion: string) =>
  condicion === 'UMBRAL_BAJO' || condicion === 'UMBRAL_SOBRE' || esCondicionParos(condicion);

/** What N means on a rule on stops, and its largest value (the server's limits). */
export const UMBRAL_PAROS: Record<string, { nombre: string; unidad: string; maximo: number }> = {
  PARO_SIN_MOTIVO: { nombre: 'Minutos sin motivo', unidad: 'min', maximo: 1440 },
  MICROPAROS_HORA: { nombre: 'Microparos por hora', unidad: 'microparos', maximo: 1000 },
};

/** The rule form's rules, in Spanish (the server checks them again). */
export const reglaFormSchema = z
  .object({
    nombre: z
      .string()
      .check(z.trim(), z.minLength(1, 'El nombre es obligatorio'), z.maxLength(200, 'Máximo 200 caracteres')),
    fuente: z.enum(FUENTES),
    variable_id: z.string(),
    linea_id: z.string(),
    condicion: z.enum(CONDICIONES),
    umbral: z.string(),
    duracion_min: z.string(),
    histeresis: z.string(),
    severidad: z.enum(['INFO', 'AVISO', 'CRITICA']),
    roles_destino: z.array(z.string()),
    usuarios_destino: z.array(z.string()),
    canal_app: z.boolean(),
    canal_email: z.boolean(),
    activa: z.boolean(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (v.fuente === 'DIARIO' && v.variable_id === '') issue('variable_id', 'Elija la variable');
      if (v.fuente !== 'DIARIO' && v.linea_id === '') issue('linea_id', 'Elija la línea');
      if (!condicionesDe(v.fuente).includes(v.condicion))
        issue('condicion', `Elija una condición de «${FUENTE_REGLA_LABEL[v.fuente]}»`);
      const umbral = numeroOpcional(v.umbral);
      const paros = UMBRAL_PAROS[v.condicion];
      if (Number.isNaN(umbral)) issue('umbral', 'Umbral: escriba un número');
      else if (paros && v.fuente === 'PAROS') {
        if (umbral === null) issue('umbral', `${paros.nombre}: es obligatorio`);
        else if (!Number.isInteger(umbral) || umbral < 1 || umbral > paros.maximo)
          issue('umbral', `${paros.nombre}: un número entero entre 1 y ${paros.maximo}`);
      } else if (usaUmbral(v.condicion) && umbral === null) issue('umbral', 'El umbral es obligatorio');
      if (v.fuente === 'VIVO') {
        const t = v.duracion_min.trim();
        const n = Number(t);
        if (!/^\d+$/.test(t) || n < 1 || n > 1440)
          issue('duracion_min', 'La duración debe estar entre 1 y 1440 minutos');
      }
      const histeresis = numeroOpcional(v.histeresis);
      if (Number.isNaN(histeresis)) issue('histeresis', 'Histéresis: escriba un número');
      else if (histeresis !== null && histeresis < 0)
        issue('histeresis', 'La histéresis no puede ser negativa');
      if (!v.canal_app && !v.canal_email) issue('canal_app', 'Elija al menos un canal');
      if (v.roles_destino.length === 0 && v.usuarios_destino.length === 0)
        issue('roles_destino', 'Elija al menos un destinatario (rol o usuario)');
    }),
  );

export type ReglaFormValues = z.infer<typeof reglaFormSchema>;

/** The rule as the form edits it (null: a new rule). */
export interface ReglaEditable {
  nombre: string;
  fuente: string;
  variable: { id: string } | null;
  linea_id: string | null;
  condicion: string;
  umbral: number | null;
  duracion_min: number;
  histeresis: number;
  severidad: string;
  roles_destino: string[];
  usuarios_destino: { id: string }[];
  canal_app: boolean;
  canal_email: boolean;
  activa: boolean;
}

export function reglaDefaults(r: ReglaEditable | null): ReglaFormValues {
  return {
    nombre: r?.nombre ?? '',
    fuente: (FUENTES as readonly string[]).includes(r?.fuente ?? '')
      ? (r!.fuente as ReglaFormValues['fuente'])
      : 'DIARIO',
    variable_id: r?.variable?.id ?? '',
    linea_id: r?.linea_id ?? '',
    condicion: (CONDICIONES as readonly string[]).includes(r?.condicion ?? '')
      ? (r!.condicion as ReglaFormValues['condicion'])
      : 'FUERA_DE_RANGO',
    umbral: r?.umbral === null || r?.umbral === undefined ? '' : String(r.umbral),
    duracion_min: String(r && r.fuente === 'VIVO' ? r.duracion_min : 10),
    histeresis: String(r?.histeresis ?? 0),
    severidad: r?.severidad === 'INFO' || r?.severidad === 'CRITICA' ? r.severidad : 'AVISO',
    roles_destino: r?.roles_destino ?? ['admin'],
    usuarios_destino: r?.usuarios_destino.map((u) => u.id) ?? [],
    canal_app: r?.canal_app ?? true,
    canal_email: r?.canal_email ?? false,
    activa: r?.activa ?? true,
  };
}

/** The API's input from the form's (valid) values. */
export function reglaInput(v: ReglaFormValues): ReglaNotificacionInput {
  const diario = v.fuente === 'DIARIO';
  const umbral = usaUmbral(v.condicion) ? numeroOpcional(v.umbral) : null;
  return {
    nombre: v.nombre.trim(),
    fuente: v.fuente,
    variable_id: diario ? v.variable_id : null,
    linea_id: diario ? null : v.linea_id,
    condicion: v.condicion,
    umbral: Number.isNaN(umbral) ? null : umbral,
    duracion_min: v.fuente === 'VIVO' ? Number(v.duracion_min.trim()) : null,
    // Minutes without a reason end with the reason: no dead band.
    histeresis: v.condicion === 'PARO_SIN_MOTIVO' ? 0 : (numeroOpcional(v.histeresis) ?? 0),
    severidad: v.severidad,
    roles_destino: v.roles_destino,
    usuarios_destino: v.usuarios_destino,
    canal_app: v.canal_app,
    canal_email: v.canal_email,
    activa: v.activa,
  };
}

/** The server's field names the form names otherwise (the channels' error shows under the first). */
export const CAMPO_REGLA = { canal_email: 'canal_app' } as const;
