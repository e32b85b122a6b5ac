import pino from 'pino';
import { loadSimConfig, SimConfigError } from './config.ts';
import { DEMO_SEED, startPlantSimulator, type PlantSimulator } from './simulator.ts';

const logger = pino();

let config;
try {
  // eslint-disable-next-line no-restricted-syntax -- the simulator's one entry point reads its own environment
  config = loadSimConfig(process.env);
} catch (error) {
  if (error instanceof SimConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

let simulator: PlantSimulator;
try {
  simulator = await startPlantSimulator({
    port: config.port,
    host: config.host,
    seed: DEMO_SEED,
    timeZone: config.timeZone,
    extraTags: config.extraTags,
    dataDir: config.dataDir,
    testControls: config.testControls,
    lineasEnMarcha: config.lineasEnMarcha,
    onError: (err) => logger.error({ err }, 'falló la actualización de los valores simulados'),
  });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  process.stderr.write(
    code === 'EADDRINUSE' || /EADDRINUSE/.test(String(error))
      ? `El puerto ${config.port} ya está en uso: detenga el otro proceso o defina SIM_PORT.\n`
      : `No se pudo iniciar el simulador OPC UA: ${(error as Error).message}\n`,
  );
  process.exit(1);
}

logger.info(
  {
    endpoint: simulator.endpoint,
    extraTags: config.extraTags,
    timeZone: config.timeZone,
    testControls: config.testControls,
    lineasEnMarcha: config.lineasEnMarcha,
  },
  `Simulador de planta OPC UA escuchando en ${simulator.endpoint}`,
);

let stopping = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'deteniendo el simulador');
  simulator
    .stop()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      logger.error({ err }, 'el simulador no se detuvo limpiamente');
      process.exit(1);
    });
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
