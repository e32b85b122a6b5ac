import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { filasPorTabla as filasDe } from '../../src/db/respaldo/restaurar.ts';
import { rowsOf } from '../../src/db/rows.ts';

/** The fixture's users and their passwords (test data only). */
export const USUARIOS_FIXTURE = {
  admin: { username: 'admin', password: 'clave-fixture-admin-1' },
  operador: { username: 'operador', password: 'clave-fixture-operador-1' },
  retirado: { username: 'retirado', password: 'clave-fixture-retirado-1' },
};

/** What must survive a backup, a restore and an upgrade: every table's rows and the key figures. */
export interface Huella {
  filas: Record<string, number>;
  /** Sums that change if any reading, daily value, meta or plan changes. */
  sumas: Record<string, string>;
  usuarios: { username: string; borrado: boolean }[];
}

/** Every table of the public schema with its row count. */
export const filasPorTabla = (db: Db) => filasDe((q) => rowsOf(db.execute(sql.raw(q))));

export async function huellaDatos(db: Db): Promise<Huella> {
  const suma = async (q: string) => (await rowsOf<{ s: string | null }>(db.execute(sql.raw(q))))[0]?.s ?? '0';
  const usuarios = await rowsOf<{ username: string; borrado: boolean }>(
    db.execute(sql`select username, deleted_at is not null as borrado from users order by id`),
  );
  return {
    filas: await filasPorTabla(db),
    sumas: {
      scada_lecturas: await suma(
        `select sum(paquetes)::text || '/' || sum(extract(epoch from fecha))::text as s from scada_lecturas`,
      ),
      historicos: await suma(`select sum(round(diario::numeric, 4))::text as s from historicos`),
      metas: await suma(`select sum(round(valor::numeric, 4))::text as s from metas`),
      planificaciones: await suma(
        `select (sum(round(negociado::numeric, 4)) + sum(round(aop::numeric, 4)))::text as s from planificaciones`,
      ),
    },
    usuarios,
  };
}
