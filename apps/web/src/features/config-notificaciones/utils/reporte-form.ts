import { fechaHoraPlanta, reportePorTurno, ROUTES } from '@planta/domain';
import { z } from 'zod/mini';
import type { ReporteProgramadoInput } from '../../../gql/types.ts';

export const PERIODICIDAD_LABEL: Record<string, string> = {
  DIARIA: 'Diaria',
  SEMANAL: 'Semanal',
  MENSUAL: 'Mensual',
  TURNO: 'Al cierre de cada turno',
};

/**
 * The periodicities a screen's report may have: "al cierre de cada turno" only for the screens
 * whose PDF reads one shift (Pérdidas); the others report whole production days. The one chosen
 * stays listed (another screen picked after it: the form then says why it cannot be saved).
 */
export function periodicidadesDe(ruta: string, elegida?: string): [string, string][] {
  return Object.entries(PERIODICIDAD_LABEL).filter(
    ([p]) => p !== 'TURNO' || reportePorTurno(ruta) || p === elegida,
  );
}

/** 1 (Monday) … 7 (Sunday), as the server numbers them. */
export const DIA_SEMANA_LABEL: Record<number, string> = {
  1: 'Lunes',
  2: 'Martes',
  3: 'Miércoles',
  4: 'Jueves',
  5: 'Viernes',
  6: 'Sábado',
  7: 'Domingo',
};

export const ESTADO_EJECUCION_LABEL: Record<string, string> = {
  ENVIADO: 'Enviado',
  ERROR: 'Error',
  EN_PROCESO: 'En proceso',
};

export const ESTADO_EJECUCION_COLOR: Record<string, 'success' | 'error' | 'info'> = {
  ENVIADO: 'success',
  ERROR: 'error',
  EN_PROCESO: 'info',
};

/** The screens with a PDF report (the header's "Reporte" button): what a schedule may send. */
export const PANTALLAS_CON_REPORTE = ROUTES.filter((r) => r.reportButton).map((r) => ({
  ruta: r.path,
  titulo: r.title,
  access: r.access,
}));

/** 'Diaria', 'Semanal (Lunes)', 'Mensual (día 5)'. */
export function periodicidadTexto(r: {
  periodicidad: string;
  dia_semana?: number | null;
  dia_mes?: number | null;
}): string {
  if (r.periodicidad === 'SEMANAL')
    return `Semanal (${(r.dia_semana && DIA_SEMANA_LABEL[r.dia_semana]) || '—'})`;
  if (r.periodicidad === 'MENSUAL') return `Mensual (día ${r.dia_mes ?? '—'})`;
  return PERIODICIDAD_LABEL[r.periodicidad] ?? r.periodicidad;
}

const CORREO = /^[^\s@,;<>()"]+@[^\s@,;<>()"]+\.[^\s@,;<>()".]+$/;

export const correoValido = (correo: string) => CORREO.test(correo);

/**
 * The addresses in a typed or pasted text: separated by commas, semicolons, spaces or new lines,
 * in lower case, each once (in the order written).
 */
export function parseCorreos(texto: string): string[] {
  const vistos = new Set<string>();
  for (const parte of texto.split(/[\s,;]+/)) {
    const correo = parte.trim().toLowerCase();
    if (correo) vistos.add(correo);
  }
  return [...vistos];
}

/** `actuales` plus the addresses in `texto` not already there. */
export const agregarCorreos = (actuales: readonly string[], texto: string): string[] => [
  ...actuales,
  ...parseCorreos(texto).filter((c) => !actuales.includes(c)),
];

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

/** '8:05' → '08:05'; anything else as written (trimmed). */
export function normalizarHora(hora: string): string {
  const t = hora.trim();
  const m = /^(\d):([0-5]\d)$/.exec(t);
  return m ? `0${m[1]}:${m[2]}` : t;
}

/** The form's rules, in Spanish (the server checks them again). */
export const reporteFormSchema = z
  .object({
    nombre: z
      .string()
      .check(z.trim(), z.minLength(1, 'El nombre es obligatorio'), z.maxLength(120, 'Máximo 120 caracteres')),
    ruta: z.string(),
    periodicidad: z.enum(['DIARIA', 'SEMANAL', 'MENSUAL', 'TURNO']),
    hora: z.string(),
    /** A line's numero, '' for the plant (only the screens with a per-shift report). */
    linea: z.string(),
    dia_semana: z.string(),
    dia_mes: z.string(),
    destinatarios: z.array(z.string()),
    activo: z.boolean(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (!PANTALLAS_CON_REPORTE.some((p) => p.ruta === v.ruta))
        issue('ruta', 'Elija la pantalla del reporte');
      if (v.periodicidad === 'TURNO' && !reportePorTurno(v.ruta))
        issue('periodicidad', 'Al cierre de cada turno solo se envía el reporte de Pérdidas: elija otra');
      if (v.periodicidad !== 'TURNO' && !HORA.test(normalizarHora(v.hora)))
        issue('hora', 'Escriba la hora como HH:MM (00:00 a 23:59)');
      if (v.periodicidad === 'SEMANAL' && !/^[1-7]$/.test(v.dia_semana))
        issue('dia_semana', 'Elija el día de la semana del envío');
      if (v.periodicidad === 'MENSUAL') {
        const dia = Number(v.dia_mes.trim());
        if (!/^\d+$/.test(v.dia_mes.trim()) || dia < 1 || dia > 28)
          issue('dia_mes', 'El día del mes debe estar entre 1 y 28');
      }
      const invalidos = v.destinatarios.filter((c) => !correoValido(c));
      if (v.destinatarios.length === 0) issue('destinatarios', 'Escriba al menos un destinatario');
      else if (invalidos.length > 0)
        issue(
          'destinatarios',
          `${invalidos.length === 1 ? 'Dirección de correo no válida' : 'Direcciones de correo no válidas'}: ${invalidos.join(', ')}`,
        );
      else if (v.destinatarios.length > 50) issue('destinatarios', 'Como máximo 50 destinatarios');
    }),
  );

export type ReporteFormValues = z.infer<typeof reporteFormSchema>;

/** The report as the form edits it (null: a new one). */
export interface ReporteEditable {
  nombre: string;
  ruta: string;
  periodicidad: string;
  hora?: string | null;
  dia_semana?: number | null;
  dia_mes?: number | null;
  linea?: number | null;
  destinatarios: readonly string[];
  activo: boolean;
}

export function reporteDefaults(r: ReporteEditable | null): ReporteFormValues {
  const periodicidad =
    r?.periodicidad === 'SEMANAL' || r?.periodicidad === 'MENSUAL' || r?.periodicidad === 'TURNO'
      ? r.periodicidad
      : 'DIARIA';
  return {
    nombre: r?.nombre ?? '',
    ruta: r?.ruta ?? '',
    periodicidad,
    hora: r?.hora ?? '08:00',
    linea: r?.linea ? String(r.linea) : '',
    dia_semana: r?.dia_semana ? String(r.dia_semana) : '1',
    dia_mes: r?.dia_mes ? String(r.dia_mes) : '1',
    destinatarios: [...(r?.destinatarios ?? [])],
    activo: r?.activo ?? true,
  };
}

/** The API's input from the form's (valid) values (a line only for the screens that take one). */
export function reporteInput(v: ReporteFormValues): ReporteProgramadoInput {
  return {
    nombre: v.nombre.trim(),
    ruta: v.ruta,
    periodicidad: v.periodicidad,
    hora: v.periodicidad === 'TURNO' ? null : normalizarHora(v.hora),
    dia_semana: v.periodicidad === 'SEMANAL' ? Number(v.dia_semana) : null,
    dia_mes: v.periodicidad === 'MENSUAL' ? Number(v.dia_mes.trim()) : null,
    ...(reportePorTurno(v.ruta) ? { linea: v.linea ? Number(v.linea) : null } : {}),
    destinatarios: v.destinatarios,
    activo: v.activo,
  };
}

/** An instant as the plant reads it: '27/11/2026 08:05' (in the plant's zone when known). */
export function formatFechaHora(iso: string, timeZone: string | undefined): string {
  return fechaHoraPlanta(iso, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}
