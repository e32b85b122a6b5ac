import { MAX_RANGE_DAYS } from '../time-range.ts';
import { GRAPHQL_LIMITS } from './limits.ts';

/**
 * The vocabulary of the GraphQL cost table (graphql/gate.ts): how many times a field's selection
 * is repeated in a response, from its arguments. Each module declares its own fields' entries
 * beside its schema (modules/<area>/<area>.costos.ts); modules/costos.ts joins them and app.ts
 * hands the table to the gate (graphql/ imports no module).
 */

/** A refusal of the gate: a Spanish 400, naming the argument when there is one. */
export interface Rejection {
  message: string;
  code: 'BAD_USER_INPUT' | 'GRAPHQL_VALIDATION_FAILED';
  field?: string;
}

export class GateRejection extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.message);
  }
}

/** Refuses the request (from an estimate: a range or a size over what the field allows). */
export const reject = (message: string, field?: string): never => {
  throw new GateRejection({ message, code: 'BAD_USER_INPUT', ...(field && { field }) });
};

/** A field's arguments, coerced (variables and defaults applied; DateTime arguments are Dates). */
export type Args = Record<string, unknown>;

/**
 * How many times a field's selection is repeated in the response, from its arguments: a number
 * for the field itself (or for its list child, with `child`), or the sizes of both.
 */
export type Estimate = (args: Args, field: string) => number | { self: number; child: number };

/**
 * A field's entry: its estimate and, when the estimate sizes a list child (points, rows), its name,
 * or the names of several. A child whose type is an object, not a list, is one value whose list
 * fields each take the size (a series' columns: one list per field).
 */
export interface FieldCost {
  estimate: Estimate;
  child?: string | readonly string[];
}

/** Entries by `Type.field`. A list field without one counts DEFAULT_LIST_SIZE. */
export type CostTable = Readonly<Record<string, FieldCost>>;

export const DEFAULT_LIST_SIZE = 10;

/**
 * A `child` that sizes every list field of the field's items (a list of series, each a set of
 * columns): the estimate's `self` counts the items, its `child` each of their lists.
 */
export const EACH_LIST = '*';

/** Joins the modules' tables; a field declared twice is a mistake, refused at start. */
export function joinCostTables(...tables: CostTable[]): CostTable {
  const joined: Record<string, FieldCost> = {};
  for (const table of tables) {
    for (const [coordinate, cost] of Object.entries(table)) {
      if (coordinate in joined) throw new Error(`Costo GraphQL declarado dos veces: ${coordinate}`);
      joined[coordinate] = cost;
    }
  }
  return joined;
}

/** Minutes of a [desde, hasta) DateTime range, refused beyond GRAPHQL_LIMITS.maxInstantRangeDays. */
export function instantMinutes(args: Args, field: string): number {
  const { desde, hasta } = args;
  if (!(desde instanceof Date) || !(hasta instanceof Date)) return 1;
  const minutes = (hasta.getTime() - desde.getTime()) / 60_000;
  const maxDays = GRAPHQL_LIMITS.maxInstantRangeDays;
  if (minutes > maxDays * 1440) {
    reject(`El rango de fechas de ${field} no puede superar ${maxDays} días`, 'hasta');
  }
  return Math.max(1, Math.ceil(minutes));
}

/** Days of a desde…hasta Date range (both included), refused beyond `maxDays`. */
export function rangeDays(args: Args, field: string, maxDays = MAX_RANGE_DAYS): number {
  const { desde, hasta } = args;
  if (typeof desde !== 'string' || typeof hasta !== 'string') return 1;
  const days = (Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000;
  if (days > maxDays) reject(`El rango de fechas de ${field} no puede superar ${maxDays} días`, 'hasta');
  return Math.max(1, Math.floor(days) + 1);
}

/** Items of a list argument (1 when absent or empty). */
export const listLength = (value: unknown) => (Array.isArray(value) ? Math.max(1, value.length) : 1);
