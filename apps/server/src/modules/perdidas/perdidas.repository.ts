import type { Db } from '../../db/client.ts';

/** The only place that builds the losses' queries (eficiencias, scada_hora, paros). */
export class PerdidasRepository {
  constructor(private readonly db: Db) {}
}
