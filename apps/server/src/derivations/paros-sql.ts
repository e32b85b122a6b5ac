import { sql } from 'drizzle-orm';

/**
 * A stop's end as every figure reads it (`p` is the paros alias): an open stop (fin null, the
 * collector has not seen the line run again) lasts until now. Never before its start.
 */
export const FIN_PARO = sql.raw(`coalesce(p.fin, greatest(now(), p.inicio))`);
