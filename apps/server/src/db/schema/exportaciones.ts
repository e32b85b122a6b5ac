import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Exported files (.xlsx, .csv, .pdf): the file is DATA_DIR/exports/<id>; this row says whose it is,
 * how far its background generation got and until when it may be downloaded (expira, 24 h).
 * Rows outlive their file by a few days so a late download answers 410 rather than 404.
 */
export const exportaciones = pgTable(
  'exportaciones',
  {
    /** 32 hex characters (128 random bits): also the file's name on disk. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    informe: text('informe').notNull(),
    /** The Spanish file name offered to the browser, with its extension. */
    nombre: text('nombre').notNull(),
    formato: text('formato', { enum: ['XLSX', 'CSV', 'PDF'] }).notNull(),
    parametros: jsonb('parametros').notNull().default({}),
    estado: text('estado', { enum: ['EN_PROCESO', 'LISTA', 'ERROR'] })
      .notNull()
      .default('EN_PROCESO'),
    progreso: doublePrecision('progreso').notNull().default(0),
    filas: integer('filas').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
    creada: timestamp('creada', { withTimezone: true }).notNull().defaultNow(),
    expira: timestamp('expira', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('exportaciones_user_creada_idx').on(t.userId, t.creada),
    index('exportaciones_expira_idx').on(t.expira),
    check('exportaciones_id_hex', sql`${t.id} ~ '^[0-9a-f]{32,64}$'`),
    check('exportaciones_progreso_rango', sql`${t.progreso} >= 0 and ${t.progreso} <= 1`),
  ],
);
