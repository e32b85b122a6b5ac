/** The URL parameter that lists the chosen water variables (repeated: ?variable=A&variable=B). */
export const VARIABLE_PARAM = 'variable';

export interface SeleccionVariables {
  /** The names chosen, in the order of the list offered. */
  elegidas: string[];
  /** All of them are chosen (the report asks for all: variables = null). */
  todas: boolean;
  /** Names in the URL that are not water variables (ignored). */
  desconocidas: string[];
}

/**
 * The chosen water variables from the URL: none in the URL means all; unknown names are dropped,
 * and when none of the names is known all are shown. `ninguna` in the URL means an empty choice.
 */
export function leerVariables(enUrl: readonly string[], disponibles: readonly string[]): SeleccionVariables {
  if (enUrl.length === 0) return { elegidas: [...disponibles], todas: true, desconocidas: [] };
  if (enUrl.length === 1 && enUrl[0] === NINGUNA) return { elegidas: [], todas: false, desconocidas: [] };
  const pedidas = new Set(enUrl);
  const elegidas = disponibles.filter((n) => pedidas.has(n));
  const desconocidas = enUrl.filter((n) => !disponibles.includes(n));
  if (elegidas.length === 0) return { elegidas: [...disponibles], todas: true, desconocidas };
  return { elegidas, todas: elegidas.length === disponibles.length, desconocidas };
}

/** The URL value for an empty choice (so it is not read as 'all'). */
export const NINGUNA = '-';

/** What goes in the URL for a choice: nothing when all are chosen, NINGUNA when none. */
export function variablesParaUrl(elegidas: readonly string[], disponibles: readonly string[]): string[] {
  if (elegidas.length === 0) return [NINGUNA];
  if (disponibles.every((n) => elegidas.includes(n))) return [];
  return disponibles.filter((n) => elegidas.includes(n));
}

/** The select's text: 'Todas (4)', the one name, or 'N de M'. */
export function textoSeleccion(elegidas: readonly string[], total: number): string {
  if (elegidas.length === 0) return 'Ninguna';
  if (elegidas.length === total) return `Todas (${total})`;
  if (elegidas.length === 1) return elegidas[0]!;
  return `${elegidas.length} de ${total}`;
}
