import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { bootstrap } from './db/bootstrap.ts';
import { type Database, openDatabase } from './db/client.ts';
import { artefactosPglite } from './db/pglite-host.ts';
import { EsquemaMasNuevoError } from './db/esquema.ts';
import { DataDirLockedError } from './db/lock.ts';
import { ProgresoDemo } from './demo/progreso.ts';
import { DEMO_SEED, fillDemoUntil, startDemoHistory } from './demo/start-demo.ts';
import { databaseBus, LiveHub } from './live/hub.ts';
import { resolveJwtSecret } from './modules/auth/tokens.ts';
import { puertaOpc } from './modules/opc/opc-puerta.ts';
import { arrancarSimuladorEnHilo } from './simulador/arrancar.ts';
import { privatizarArbol, UMASK_PRIVADA } from './archivos-privados.ts';
import { VERSION } from './version.ts';

/**
 * A closed stdout or stderr (the pipe to a log collector gone: EPIPE) must not kill the server: a
 * write to it fails with an 'error' event, which without a listener is an uncaught exception. There
 * is nowhere left to report it, so it is dropped (pino's own stdout destination ignores EPIPE too).
 */
function survivePipeLoss(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}

async function main(): Promise<void> {
  survivePipeLoss();
  // When each phase of the start ended, in ms since the process began (the "escuchando" line).
  const fases: Record<string, number> = {};
  const marca = (fase: string) => (fases[fase] = Math.round(performance.now()));
  // Everything this process writes (PGlite's files, backups, reports, certificates) is its user's
  // only, whatever umask it was started with: folders 0700, files 0600.
  process.umask(UMASK_PRIVADA);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = pino({
    level: config.logLevel,
    // Request lines carry no headers (http/request-log.ts); these stay as a guard for any log that does.
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      'headers.authorization',
      'headers.cookie',
      'password',
      '*.password',
    ],
  });

  // PGlite starts on its own thread first, then the heavy modules (GraphQL, OPC UA) load on this one
  // while it opens: a first start answers seconds earlier. Its artefacts (pglite-host.ts) are read
  // and compiled before the modules load, while this thread is idle to take them (≈ 0.1 s): after,
  // they waited on the modules' evaluation and PGlite's thread started 1.5 s late on a restart.
  if (!config.databaseUrl) await artefactosPglite().catch(() => undefined);
  const abriendo = config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl }, logger)
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir }, logger);
  abriendo.catch(() => {});
  const appModule = import('./app.ts');
  const collectorModule = import('./collector/collector.ts');
  appModule.catch(() => {});
  collectorModule.catch(() => {});

  // The plant simulator (a real OPC UA server over the plant model) runs on a thread of this process
  // (simulador/arrancar.ts) unless SIMULATOR=off; the collector reads OPCUA_ENDPOINT (default: the
  // simulator). It starts once the server listens: its setup (≈ 1.7 s of CPU) holds no part of this
  // thread, and before, it took the cores PGlite and this thread's modules needed to answer.
  let simulator: { stop(): Promise<void> } | undefined;
  let simulatorStarted: Promise<void> = Promise.resolve();
  const startSimulator = async () => {
    if (!config.simulator) return;
    const port = Number(
      new URL((config.opcuaEndpoint ?? 'opc.tcp://127.0.0.1:4840').replace('opc.tcp:', 'http:')).port || 4840,
    );
    try {
      simulator = await arrancarSimuladorEnHilo(
        {
          port,
          seed: DEMO_SEED,
          timeZone: config.plantTz,
          dataDir: config.dataDir,
          testControls: config.simulatorTestControls,
          lineasEnMarcha: config.simulatorLineasEnMarcha,
        },
        logger,
      );
      marca('simulador');
      logger.info({ puerto: port }, 'simulador de planta OPC UA en marcha');
      if (config.simulatorLineasEnMarcha.length > 0)
        logger.warn(
          { lineas: config.simulatorLineasEnMarcha },
          'SIMULATOR_LINEAS_EN_MARCHA: el simulador mantiene estas líneas en marcha a toda hora (solo para pruebas)',
        );
    } catch (err) {
      logger.error({ err }, 'no se pudo iniciar el simulador de planta');
    }
  };

  let database: Database;
  try {
    database = await abriendo;
    marca('base abierta');
    await database.migrate();
    marca('migraciones');
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof EsquemaMasNuevoError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    logger.fatal({ err: error }, 'no se pudo abrir la base de datos');
    process.exit(1);
  }
  // What earlier versions (or another umask) left readable: DATA_DIR and BACKUP_DIR, owner only
  // (the embedded database's folder was walked as it opened: pglite-host.ts).
  const yaPrivada = new Set([path.join(config.dataDir, 'pg')]);
  for (const dir of new Set([config.dataDir, config.backupDir])) {
    try {
      privatizarArbol(dir, yaPrivada);
    } catch (err) {
      logger.warn({ err, dir }, 'no se pudieron restringir los permisos de los archivos');
    }
  }
  marca('permisos');
  await bootstrap(database.db, config.adminPassword, logger);
  marca('bootstrap');

  const { buildApp } = await appModule;
  const { Collector } = await collectorModule;
  marca('módulos');
  const live = new LiveHub();
  // Several servers on one PostgreSQL: the collecting one's live values reach them all.
  if (database.channel) live.connect(databaseBus(database.channel));
  // The demo history's progress, answered by /healthz while it fills (the web shows it).
  const progresoDemo = new ProgresoDemo();
  const app = await buildApp({
    live,
    demo: progresoDemo,
    database,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    logger,
    graphqlIntrospection: config.graphqlIntrospection,
    corsOrigins: config.corsOrigins,
    allowViteDevOrigin: config.allowViteDevOrigin,
    trustProxy: config.trustProxy,
    metricsToken: config.metricsToken,
    respaldos: {
      dir: config.backupDir,
      conservar: config.backupKeep,
      cron: config.backupCron,
      pgDump: config.pgDump,
      auto: true,
    },
    particiones: { retencionDias: config.retencionMinutosDias, auto: true },
    plantTz: config.plantTz,
    webDist: config.webDist,
    dataDir: config.dataDir,
    alarmas: {
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      publicUrl: config.publicUrl,
      intervaloMs: config.alarmsIntervalMs,
      auto: true,
    },
  });

  marca('app');
  const collector = config.opcuaEndpoint
    ? new Collector({
        database,
        endpoint: config.opcuaEndpoint,
        security: config.opcuaSecurity,
        timeZone: config.plantTz,
        dataDir: config.dataDir,
        logger,
        publishLine: (value) => live.publishLine(value),
        publishConnection: (value) => live.publishConnection(value),
        publishParo: (value) => live.publishParo(value),
        ...(config.demoDays > 0 && config.simulator
          ? { onBaseline: (boundary: Date) => fillDemoUntil(database.db, boundary, config.plantTz) }
          : {}),
      })
    : undefined;
  if (collector) {
    live.health = () => collector.health();
    // The tag browser and the mapping of /configuracion/lineas read through this collector.
    puertaOpc(live).colector = collector;
  }

  closeWithGrace({ delay: 10_000, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'cerrando por un error');
    else logger.info({ signal }, 'cerrando');
    await collector?.stop();
    await app.close();
    await live.close();
    await simulatorStarted;
    await simulator?.stop();
    await database.close();
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    process.stderr.write(
      code === 'EADDRINUSE'
        ? `El puerto ${config.port} ya está en uso: detenga el otro proceso o defina PORT.\n`
        : `No se pudo iniciar el servidor: ${(error as Error).message}\n`,
    );
    await database.close();
    process.exit(1);
  }
  logger.info(
    {
      version: VERSION,
      port: config.port,
      database: database.kind,
      arranqueMs: { ...fases, escucha: Math.round(performance.now()) },
    },
    `Planta ${VERSION} escuchando en http://localhost:${config.port}`,
  );
  // The server answers at once; the demo history fills in behind it (progress in the log), then
  // the collector continues it live.
  simulatorStarted = startSimulator();
  void Promise.all([
    startDemoHistory(database.db, {
      days: config.demoDays,
      timeZone: config.plantTz,
      logger,
      simulator: config.simulator,
      progreso: progresoDemo,
    }),
    simulatorStarted,
  ]).then(() => collector?.start());
}

await main();
