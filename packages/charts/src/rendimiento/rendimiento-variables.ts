import { byReadingOrder, isPlantLevel, type VariableCandidate } from '../variable-order.ts';

/** The area of the yields (DOMAIN.md "Planning and yields"): standard / real consumption, in %. */
export const RENDIMIENTO_AREA = 'rendimiento';

/** The yields and losses in the order a plant manager reads them (DOMAIN.md "Rendimientos"). */
export const RENDIMIENTOS_ORDEN = [
  'Rendimiento de jarabe (%)',
  'Rendimiento de azúcar (%)',
  'Rendimiento de CO₂ (%)',
  'Rendimiento de preformas (%)',
  'Rendimiento de tapas (%)',
  'Rendimiento de etiquetas (%)',
  'Merma de bebida (%)',
] as const;

/**
 * The plant's consumptions, each the first variable that exists among its names: DOMAIN.md's name
 * first, then the name the plant's meters report it under (the absolute figures), then the
 * specific consumptions per litre or unit case, which are what a meta is usually set for.
 */
export const CONSUMOS: readonly (readonly string[])[] = [
  ['Consumo de agua (m³)', 'Agua extraída (m³)'],
  ['Consumo eléctrico (kWh)', 'Energía eléctrica (kWh)'],
  ['Consumo de gas (m³)'],
  ['Relación agua (L/L)'],
  ['Relación energía (MJ/L)'],
  ['KPI energía (kWh/CU)'],
];

type Candidate = VariableCandidate & { unidad: string };

/** A yield or a loss: a percentage of the yields' area (a quantity there is a raw material's consumption). */
export const isRendimiento = (v: Candidate) =>
  isPlantLevel(v) && v.area === RENDIMIENTO_AREA && v.unidad === '%';

/**
 * The two sections of Rendimientos y Consumo:
 * - rendimientos: the active plant-level percentages of the area 'rendimiento' (yields and the
 *   beverage loss), the known ones in RENDIMIENTOS_ORDEN order, any other after them by nombre;
 * - consumos: one variable per CONSUMOS entry that has an active plant-level variable, in order.
 * The kilograms of sugar or CO₂ of the same area are raw materials (Planificación y M. Prima).
 */
export function rendimientoSections<T extends Candidate>(
  variables: readonly T[],
): { rendimientos: T[]; consumos: T[] } {
  const rendimientos = variables.filter(isRendimiento).sort(byReadingOrder(RENDIMIENTOS_ORDEN));
  const active = new Map(variables.filter(isPlantLevel).map((v) => [v.nombre, v]));
  const consumos = CONSUMOS.flatMap((nombres) => {
    const found = nombres.map((n) => active.get(n)).find((v) => v !== undefined);
    return found ? [found] : [];
  });
  return { rendimientos, consumos };
}

/** The variable shown in the trend chart: the URL's one when it is on the screen, else the first. */
export function chartVariable<T extends { nombre: string }>(
  variables: readonly T[],
  nombre: string | null,
): T | undefined {
  return variables.find((v) => v.nombre === nombre) ?? variables[0];
}
