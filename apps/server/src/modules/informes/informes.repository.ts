import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plantas } from '../../db/schema/index.ts';

export class InformesRepository {
  /** The database, for the screens' services the registry does not hand over (see informes.service.ts). */
  constructor(readonly db: Db) {}

  /** The plant's name for the report header (the first plant). */
  async nombrePlanta(): Promise<string | null> {
    const [row] = await this.db
      .select({ nombre: plantas.nombre })
      .from(plantas)
      .orderBy(asc(plantas.id))
      .limit(1);
    return row?.nombre ?? null;
  }
}
