/**
 * The columns of the time clock's export: their canonical keys, the header the template uses,
 * the aliases accepted (compared case- and accent-insensitively) and what each one means.
 */
export type Columna =
  'codigo' | 'nombre' | 'area' | 'fecha' | 'entrada' | 'salida' | 'ausencia' | 'horas' | 'tipo' | 'motivo';

export interface DefinicionColumna {
  clave: Columna;
  /** The header of the template (and of messages when the file lacks the column). */
  titulo: string;
  obligatoria: boolean;
  alias: string[];
  descripcion: string;
  ejemplo: string;
}

export const COLUMNAS: DefinicionColumna[] = [
  {
    clave: 'codigo',
    titulo: 'Código',
    obligatoria: true,
    alias: [
      'codigo',
      'cod',
      'cod empleado',
      'cod de empleado',
      'codigo empleado',
      'codigo de empleado',
      'codigo del empleado',
      'id empleado',
      'numero de empleado',
      'num empleado',
      'no empleado',
      'n empleado',
      'nro empleado',
      'legajo',
      'ficha',
      'employee code',
    ],
    descripcion: 'Código del empleado en el reloj (único). Un código nuevo crea el empleado.',
    ejemplo: 'E001',
  },
  {
    clave: 'nombre',
    titulo: 'Nombre',
    obligatoria: true,
    alias: ['nombre', 'nombres', 'empleado', 'nombre del empleado', 'nombre empleado', 'trabajador', 'name'],
    descripcion: 'Nombre completo. Solo se usa para crear empleados nuevos.',
    ejemplo: 'Ana Ríos',
  },
  {
    clave: 'area',
    titulo: 'Área',
    obligatoria: true,
    alias: ['area', 'departamento', 'depto', 'seccion'],
    descripcion: 'Área del empleado. Solo se usa para crear empleados nuevos.',
    ejemplo: 'Producción',
  },
  {
    clave: 'fecha',
    titulo: 'Fecha',
    obligatoria: true,
    alias: ['fecha', 'dia', 'fecha marcacion', 'fecha de marcacion', 'date'],
    descripcion: 'Día de la marcación: dd/mm/aaaa, aaaa-mm-dd o una fecha de Excel.',
    ejemplo: '03/11/2026',
  },
  {
    clave: 'entrada',
    titulo: 'Entrada',
    obligatoria: false,
    alias: [
      'entrada',
      'hora entrada',
      'hora de entrada',
      'ingreso',
      'hora ingreso',
      'hora de ingreso',
      'check in',
    ],
    descripcion: 'Hora de entrada hh:mm (24 h). Vacía si no marcó.',
    ejemplo: '07:00',
  },
  {
    clave: 'salida',
    titulo: 'Salida',
    obligatoria: false,
    alias: ['salida', 'hora salida', 'hora de salida', 'check out'],
    descripcion: 'Hora de salida hh:mm (24 h). Vacía si no marcó.',
    ejemplo: '15:30',
  },
  {
    clave: 'ausencia',
    titulo: 'Código de ausencia',
    obligatoria: false,
    alias: [
      'codigo de ausencia',
      'codigo ausencia',
      'cod ausencia',
      'ausencia',
      'tipo de ausencia',
      'tipo ausencia',
      'incidencia',
      'estado',
      'asistencia',
    ],
    descripcion:
      'Vacío o P = presente; F = falta; V = vacaciones; I = incapacidad; PE = permiso (también las palabras completas).',
    ejemplo: '',
  },
  {
    clave: 'horas',
    titulo: 'Horas extra',
    obligatoria: false,
    alias: ['horas extra', 'horas extras', 'hrs extra', 'he', 'h extra', 'tiempo extra', 'overtime'],
    descripcion: 'Horas extra del día (0 a 24; admite coma decimal o hh:mm). Vacío o 0 = sin horas extra.',
    ejemplo: '2,5',
  },
  {
    clave: 'tipo',
    titulo: 'Tipo de horas extra',
    obligatoria: false,
    alias: [
      'tipo de horas extra',
      'tipo horas extra',
      'tipo de horas extras',
      'tipo horas extras',
      'tipo he',
      'tipo de he',
      'tipo',
      'tipo hora extra',
    ],
    descripcion: 'D o DOBLE, T o TRIPLE (también 2 y 3). Obligatorio si hay horas extra.',
    ejemplo: 'DOBLE',
  },
  {
    clave: 'motivo',
    titulo: 'Motivo',
    obligatoria: false,
    alias: [
      'motivo',
      'razon',
      'motivo horas extra',
      'motivo de horas extra',
      'observacion',
      'observaciones',
      'reason',
    ],
    descripcion: 'Motivo de las horas extra (opcional).',
    ejemplo: 'Cambio de formato',
  },
];

export const DEFINICION: Record<Columna, DefinicionColumna> = Object.fromEntries(
  COLUMNAS.map((c) => [c.clave, c]),
) as Record<Columna, DefinicionColumna>;

/** "Código de Ausencia " → "codigo de ausencia" (lower case, no accents, punctuation as spaces). */
export function normalizarEncabezado(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[º°]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const POR_ALIAS = new Map<string, Columna>(
  COLUMNAS.flatMap((c) => c.alias.map((a) => [normalizarEncabezado(a), c.clave] as const)),
);

/** The column a header names, or null. */
export function columnaDeEncabezado(texto: string): Columna | null {
  return POR_ALIAS.get(normalizarEncabezado(texto)) ?? null;
}

export type Estado = 'PRESENTE' | 'FALTA' | 'VACACIONES' | 'INCAPACIDAD' | 'PERMISO';
export type TipoHoras = 'DOBLE' | 'TRIPLE';

/** Absence codes accepted (normalised: upper case, no accents, no dots or spaces). */
export const CODIGOS_AUSENCIA: Record<string, Estado> = {
  '': 'PRESENTE',
  P: 'PRESENTE',
  PRESENTE: 'PRESENTE',
  A: 'PRESENTE',
  ASISTENCIA: 'PRESENTE',
  F: 'FALTA',
  FALTA: 'FALTA',
  AUSENTE: 'FALTA',
  V: 'VACACIONES',
  VAC: 'VACACIONES',
  VACACION: 'VACACIONES',
  VACACIONES: 'VACACIONES',
  I: 'INCAPACIDAD',
  INC: 'INCAPACIDAD',
  INCAPACIDAD: 'INCAPACIDAD',
  PE: 'PERMISO',
  PER: 'PERMISO',
  PERMISO: 'PERMISO',
};

export const TIPOS_HORAS: Record<string, TipoHoras> = {
  D: 'DOBLE',
  DOBLE: 'DOBLE',
  DOBLES: 'DOBLE',
  '2': 'DOBLE',
  X2: 'DOBLE',
  T: 'TRIPLE',
  TRIPLE: 'TRIPLE',
  TRIPLES: 'TRIPLE',
  '3': 'TRIPLE',
  X3: 'TRIPLE',
};
