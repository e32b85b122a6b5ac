/**
 * What a figure covers, where its name alone could mislead (a number must explain itself): shown
 * under the KPI card's title and in the chart-details dialog.
 */
const NOTAS: Readonly<Record<string, string>> = {
  'KPI energía (kWh/CU)': 'Planta: medidor general ÷ CU envasadas',
};

/** The short caption of a variable, or undefined when its name says it all. */
export function variableNote(nombre: string): string | undefined {
  return NOTAS[nombre];
}
