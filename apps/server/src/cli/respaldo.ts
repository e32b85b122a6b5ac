/**
 * npm run db:backup [-- <archivo>]  — a backup of the configured database (DATA_DIR or
 *   DATABASE_URL) to <archivo>, by default BACKUP_DIR/planta-<fecha>.sql.gz. On the embedded
 *   database the server must be stopped (it holds the data dir: use the app's backup instead);
 *   on PostgreSQL it works while servers run.
 * npm run db:restore -- <archivo>  — checks the file, then restores it into the configured
 *   database (server stopped), keeping the previous data aside until it has succeeded.
 * One clear Spanish line on any failure, exit code 1.
 */
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { EsquemaMasNuevoError } from '../db/esquema.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { escribirRespaldo, nombreRespaldo, RespaldoError } from '../db/respaldo/crear.ts';
import { RespaldoInvalidoError } from '../db/respaldo/formato.ts';
import { RestauracionError, restaurarRespaldo } from '../db/respaldo/restaurar.ts';

const fmt = new Intl.NumberFormat('es-PE');

async function crear(archivo: string | undefined): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: 'warn' });
  const destino = path.resolve(archivo ?? path.join(config.backupDir, nombreRespaldo(new Date())));
  let database;
  try {
    database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 }, logger)
      : await openDatabase({ kind: 'pglite', dataDir: config.dataDir }, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new RespaldoError(
        `${error.message} Con el servidor en marcha, cree el respaldo desde la aplicación (crearRespaldo) ` +
          'o espere al respaldo diario.',
      );
    }
    throw error;
  }
  try {
    const respaldo = await escribirRespaldo(database, destino, { pgDump: config.pgDump });
    process.stdout.write(`Respaldo creado: ${respaldo.ruta} (${fmt.format(respaldo.bytes)} bytes)\n`);
  } finally {
    await database.close();
  }
}

async function restaurar(archivo: string | undefined): Promise<void> {
  if (!archivo) throw new ConfigError('Uso: npm run db:restore -- <archivo.sql.gz>');
  const config = loadConfig();
  const logger = pino({ level: 'warn' });
  const resultado = await restaurarRespaldo(
    path.resolve(archivo),
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
    logger,
  );
  const total = Object.values(resultado.filas).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `Restaurado el respaldo del ${resultado.meta.creado} (esquema ${resultado.meta.migracion}) en ` +
      `${config.databaseUrl ? 'PostgreSQL' : config.dataDir}: ${fmt.format(total)} filas en ` +
      `${Object.keys(resultado.filas).length} tablas.\n` +
      (resultado.anterior
        ? `Los datos anteriores quedan aparte en ${resultado.anterior}; bórrelos cuando haya comprobado la restauración.\n`
        : '') +
      'Inicie el servidor: aplicará las migraciones posteriores, si las hay.\n',
  );
}

const [command, archivo] = process.argv.slice(2);
try {
  if (command === 'crear') await crear(archivo);
  else if (command === 'restaurar') await restaurar(archivo);
  else throw new ConfigError('Uso: respaldo.ts crear [archivo] | restaurar <archivo>');
} catch (error) {
  const conocido =
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof EsquemaMasNuevoError ||
    error instanceof RespaldoError;
  if (conocido) process.stderr.write(`${error.message}\n`);
  else if (error instanceof RespaldoInvalidoError || error instanceof RestauracionError) {
    process.stderr.write(`No se restauró nada: ${error.message}. Los datos actuales no se tocaron.\n`);
  } else {
    process.stderr.write(
      `${command === 'restaurar' ? 'No se restauró nada' : 'No se creó el respaldo'}: ${(error as Error).message}\n`,
    );
  }
  process.exit(1);
}
