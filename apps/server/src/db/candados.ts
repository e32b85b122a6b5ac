/**
 * Every PostgreSQL advisory-lock key Planta takes, by name, in one place. Two uses of one key
 * block each other: the collector's election holds its key for the life of the process, so a
 * scheduled backup that took the same key never ran while a collector did (issue 31). Each key
 * is unique across this table, single-key and two-key forms alike (candados.test.ts checks it,
 * and that no other file writes a key of its own).
 *
 * Single key: `pg_advisory_lock(key)` / `pg_advisory_xact_lock(key)` / `Database.tryLock(key)`.
 * Two keys: `pg_advisory_xact_lock(clase::int, id::int)`, the first naming the kind of object.
 * Every value fits a PostgreSQL int (the two-key form and `::int` casts need it).
 */
export const CANDADOS = {
  /** Migrations at start, so several servers can start together (db/client.ts). */
  migraciones: 727_001,
  /** User management's writes, one at a time (users.repository.ts). */
  usuarios: 727_002,
  /** The first admin at start (db/bootstrap.ts). */
  arranque: 727_003,
  /** The collector's election: held for the life of the collecting process (collector.ts). */
  colector: 727_010,
  /** Two keys (clase, variable id): one writer of a variable's history at a time (variables, paros). */
  historicos: 727_011,
  /** The time clock import, one at a time across servers (rrhh-importacion.repository.ts). */
  importacionRrhh: 727_015,
  /** Two keys (clase, línea id): the paro writes of one line (paros.repository.ts). */
  paros: 727_020,
  /** The tree of stop reasons' writes, one at a time (motivos-paro.repository.ts): a fault code's lines are checked across reasons. */
  motivosParo: 727_021,
  /** The plant's shifts, saved as a whole (turnos-horario.repository.ts). */
  turnosHorario: 727_022,
  /** Zero-waste writes (zero-waste.repository.ts). */
  zeroWaste: 727_030,
  /** The scheduled backup: one server of several writes it (respaldos.service.ts). */
  respaldoProgramado: 727_040,
  /** The alarm evaluation pass, one at a time across servers (alarmas/evaluacion.ts). */
  alarmas: 730_017,
  /** The reading tables' monthly partitions (db/particiones.ts); 'plpa'. */
  particiones: 0x706c_7061,
} as const;

export type NombreCandado = keyof typeof CANDADOS;
