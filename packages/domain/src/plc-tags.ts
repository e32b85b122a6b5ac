/**
 * The OPC UA address space the plant simulator serves and the collector reads (read-only).
 * Node ids are strings in namespace 2 (`urn:planta:planta`), as the variables' opc_node_id.
 */
export const OPC_NAMESPACE_URI = 'urn:planta:planta';

/**
 * Per-line tags of the PLC. Counters are cumulative UInt32 and roll over to 0 like PLC counters.
 * `Estado` (ESTADO below) and `CodigoFalla` (the first-out fault code, 0 while running or without
 * one) are what the collector turns into stops.
 */
export const LINE_TAGS = [
  'Velocidad',
  'Botellas',
  'BotellasLlenas',
  'Paquetes',
  'Formato',
  'Estado',
  'CodigoFalla',
] as const;
export type LineTag = (typeof LINE_TAGS)[number];

/** How the screens and reports name each line tag. */
export const LINE_TAG_LABEL: Record<LineTag, string> = {
  Velocidad: 'Velocidad',
  Botellas: 'Botellas',
  BotellasLlenas: 'Botellas llenas',
  Paquetes: 'Paquetes',
  Formato: 'Formato',
  Estado: 'Estado',
  CodigoFalla: 'Código de falla',
};
export const COUNTER_TAGS: readonly LineTag[] = ['Botellas', 'BotellasLlenas', 'Paquetes'];
export const COUNTER_MODULO = 2 ** 32;

export const lineNodeId = (linea: number, tag: LineTag): string => `ns=2;s=Planta.Linea${linea}.${tag}`;
export const extraNodeId = (index: number): string =>
  `ns=2;s=Planta.Extra.Tag${String(index).padStart(5, '0')}`;

/** Line state codes (Estado tag). */
export const ESTADO = {
  PARADA: 0,
  MARCHA: 1,
  FALLA: 2,
  CAMBIO_FORMATO: 3,
  CIP: 4,
  MICROPARO: 5,
  PLANIFICADO: 6,
} as const;

export const ESTADO_NOMBRE: Record<number, string> = {
  0: 'Parada',
  1: 'En marcha',
  2: 'Falla',
  3: 'Cambio de formato',
  4: 'CIP',
  5: 'Microparo',
  6: 'Paro planificado',
};

/** Delta of a cumulative counter between two reads, handling rollover; a reset (PLC restart) counts from 0. */
export function counterDelta(previous: number, current: number, modulo = COUNTER_MODULO): number {
  if (current >= previous) return current - previous;
  const wrapped = modulo - previous + current;
  // A drop that is not near the top of the range is a reset, not a rollover.
  return previous > modulo * 0.9 && current < modulo * 0.1 ? wrapped : current;
}

/**
 * A list of the simulator's production lines as an environment variable writes it ("1,2"): for
 * SIMULATOR_LINEAS_EN_MARCHA (server) and SIM_LINEAS_EN_MARCHA (simulator alone), tests only.
 */
export const LISTA_DE_LINEAS = {
  patron: /^[1-4](,[1-4])*$/,
  mensaje: 'debe ser una lista de líneas de 1 a 4 separadas por comas (p. ej. "1,2")',
  /** The lines of a list that matched `patron` (or none), each once. */
  leer: (texto: string | undefined): number[] => [...new Set(texto?.split(',').map(Number))],
} as const;
