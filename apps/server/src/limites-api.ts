/*
 * Size limits of the API that two layers read: the services, which refuse a request past them with
 * a Spanish message naming the field, and the GraphQL gate (graphql/gate.ts, graphql/limits.ts),
 * which weighs a request before it runs. Here, apart from both, because graphql/ imports no module
 * (the layer rules: .dependency-cruiser.cjs).
 */

/** Points of a scadaLinea answer: 5,000 values × 6 fields is the heaviest series one request gets. */
export const MIN_POINTS = 10;
export const MAX_POINTS = 5000;

/** At most this many rows in a report table (a year at 5-minute resolution is not a table). */
export const MAX_REPORT_ROWS = 5000;

/** Longest range (production days, both ends included) of each grouping of the counters report. */
export const MAX_DIAS_AGRUPACION = { HORA: 31, TURNO: 92, DIA: 366 } as const;

/** Cells (rows × variables) of one SCADA report. */
export const MAX_CELDAS_SCADA = 50_000;
