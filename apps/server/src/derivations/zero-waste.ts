import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { upsertDailyValues } from './daily-values.ts';
import { recomputeAggregates } from './historicos.ts';

/** ZWL of a month (historico on its first day): aprovechable / total kg × 100, ratio of sums over the year. */
export async function deriveZeroWasteMonth(db: Db, mes: string): Promise<void> {
  const [row] = await rowsOf<{ id: number; aprovechable: number | null; total: number | null }>(
    db.execute(sql`
      select v.id,
             sum(r.kg) filter (where c.aprovechable) as aprovechable,
             sum(r.kg) as total
      from variables v
      cross join zw_registros r
      join zw_clasificaciones c on c.id = r.clasificacion_id
      where v.nombre = 'ZWL (%)' and r.mes = ${mes}::date
      group by v.id`),
  );
  if (!row || row.total === null || row.total <= 0) return;
  const valor = ((row.aprovechable ?? 0) / row.total) * 100;
  await upsertDailyValues(db, mes, [
    { variableId: row.id, valor, numerador: valor * row.total, denominador: row.total },
  ]);
  await recomputeAggregates(db, [row.id], mes);
}
