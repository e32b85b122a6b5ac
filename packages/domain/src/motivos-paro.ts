/**
 * Stop reasons and loss classes (DOMAIN "Stops and losses": ISO 22400-2 and Nakajima's six big
 * losses). A stop's loss class says which factor of OEE it costs: PLANIFICADO leaves planned busy
 * time, FALLA and CAMBIO_FORMATO cost availability, MICROPARO and VELOCIDAD performance, CALIDAD
 * and ARRANQUE quality. The server's migration 0009 writes ARBOL_MOTIVOS_PARO as the plant's
 * default tree (a test compares them); the plant edits it on /configuracion afterwards.
 */

/** The loss classes in the order the screens list them, with their Spanish labels. */
export const CLASES_PERDIDA = [
  { clase: 'PLANIFICADO', etiqueta: 'Planificado' },
  { clase: 'FALLA', etiqueta: 'Falla' },
  { clase: 'CAMBIO_FORMATO', etiqueta: 'Cambio de formato' },
  { clase: 'MICROPARO', etiqueta: 'Microparo' },
  { clase: 'VELOCIDAD', etiqueta: 'Velocidad reducida' },
  { clase: 'CALIDAD', etiqueta: 'Calidad' },
  { clase: 'ARRANQUE', etiqueta: 'Arranque' },
] as const;

export type ClasePerdida = (typeof CLASES_PERDIDA)[number]['clase'];

/** The class values alone, in order (a zod enum, an SQL check). */
export const VALORES_CLASE_PERDIDA = CLASES_PERDIDA.map((c) => c.clase) as [ClasePerdida, ...ClasePerdida[]];

/** Spanish label of each class. */
export const ETIQUETAS_CLASE_PERDIDA = Object.fromEntries(
  CLASES_PERDIDA.map((c) => [c.clase, c.etiqueta]),
) as Readonly<Record<ClasePerdida, string>>;

export function esClasePerdida(valor: unknown): valor is ClasePerdida {
  return typeof valor === 'string' && (VALORES_CLASE_PERDIDA as readonly string[]).includes(valor);
}

/**
 * The loss class of a stop without a class of its own, from its tipo (the kind the paros table has
 * kept since before reasons existed): a CIP is planned time, like PLANIFICADO.
 */
export function claseDeTipoParo(
  tipo: 'FALLA' | 'MICROPARO' | 'CAMBIO_FORMATO' | 'CIP' | 'PLANIFICADO',
): ClasePerdida {
  return tipo === 'CIP' ? 'PLANIFICADO' : tipo;
}

/** Highest PLC fault code (a 16-bit word; 0 means no fault). */
export const MAX_CODIGO_FALLA = 65_535;
/** Most fault codes one reason may hold. */
export const MAX_CODIGOS_POR_MOTIVO = 50;
/** Most categories the plant's tree may hold (the lists are read whole: bounded, costed). */
export const MAX_CATEGORIAS_PARO = 50;
/** Most reasons the plant's tree may hold, all categories together. */
export const MAX_MOTIVOS_PARO = 300;

export interface MotivoPorDefecto {
  nombre: string;
  clase: ClasePerdida;
  /** PLC fault codes that select the reason by themselves (ascending; none for most). */
  codigosFalla: readonly number[];
}

export interface CategoriaPorDefecto {
  nombre: string;
  motivos: readonly MotivoPorDefecto[];
}

const motivos = (clase: ClasePerdida, ...lista: (string | [string, number])[]): MotivoPorDefecto[] =>
  lista.map((m) =>
    typeof m === 'string'
      ? { nombre: m, clase, codigosFalla: [] }
      : { nombre: m[0], clase, codigosFalla: [m[1]] },
  );

/**
 * A bottling plant's tree of stop reasons, as a new installation starts with it: categories, each
 * with its reasons (every line: none is restricted to some lines).
 */
export const ARBOL_MOTIVOS_PARO: readonly CategoriaPorDefecto[] = [
  {
    nombre: 'Mecánica',
    motivos: motivos(
      'FALLA',
      ['Llenadora', 101],
      ['Taponadora', 102],
      ['Etiquetadora', 103],
      ['Sopladora', 104],
      ['Transportadores', 105],
      ['Empacadora', 106],
      ['Paletizadora', 107],
    ),
  },
  {
    nombre: 'Eléctrica',
    motivos: motivos(
      'FALLA',
      ['Variador o motor', 201],
      ['Sensor o fotocelda', 202],
      ['Corte de energía', 203],
    ),
  },
  {
    nombre: 'Abastecimiento',
    motivos: motivos(
      'FALLA',
      'Falta de preformas',
      'Falta de tapas',
      'Falta de etiquetas',
      'Falta de jarabe',
    ),
  },
  {
    nombre: 'Cambio de formato',
    motivos: motivos('CAMBIO_FORMATO', 'Cambio de presentación', 'Cambio de sabor', 'Cambio de etiqueta'),
  },
  {
    nombre: 'Microparos',
    motivos: motivos('MICROPARO', 'Atasco de botellas', 'Botella caída', 'Falta de tapa en tolva'),
  },
  {
    nombre: 'Velocidad',
    motivos: motivos('VELOCIDAD', 'Velocidad reducida por ajuste', 'Velocidad reducida por material'),
  },
  {
    nombre: 'Calidad',
    motivos: motivos(
      'CALIDAD',
      'Nivel de llenado bajo',
      'Tapado defectuoso',
      'Producto fuera de especificación',
    ),
  },
  {
    nombre: 'Arranque',
    motivos: motivos('ARRANQUE', 'Arranque tras cambio', 'Ajustes de arranque'),
  },
  {
    nombre: 'Planificado',
    motivos: motivos(
      'PLANIFICADO',
      'CIP',
      'Mantenimiento planificado',
      'Sin órdenes de producción',
      'Descanso o comida',
      'Reunión o capacitación',
    ),
  },
];

/**
 * The tipo a stop takes when it is given a reason of this class: the classes with a tipo of their
 * own set it (a CIP stays CIP under PLANIFICADO); VELOCIDAD, CALIDAD and ARRANQUE keep the stop's.
 */
export function tipoDeClase(
  clase: ClasePerdida,
  tipo: 'FALLA' | 'MICROPARO' | 'CAMBIO_FORMATO' | 'CIP' | 'PLANIFICADO',
): 'FALLA' | 'MICROPARO' | 'CAMBIO_FORMATO' | 'CIP' | 'PLANIFICADO' {
  switch (clase) {
    case 'PLANIFICADO':
      return tipo === 'CIP' ? 'CIP' : 'PLANIFICADO';
    case 'FALLA':
    case 'CAMBIO_FORMATO':
    case 'MICROPARO':
      return clase;
    default:
      return tipo;
  }
}
