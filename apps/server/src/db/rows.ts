/** The rows of `db.execute(sql…)`: both drivers answer `{ rows }`, typed `unknown` under the shared type. */
export const rowsOf = async <T>(query: Promise<unknown>): Promise<T[]> =>
  ((await query) as { rows: T[] }).rows;
