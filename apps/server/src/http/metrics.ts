import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentNode, OperationDefinitionNode } from 'graphql';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CollectorHealth } from '../collector/types.ts';

/** What the rest of the server reports to /metrics (decorated as `app.metricas`). */
export interface Metricas {
  /** A backup finished and its file is complete: `planta_backup_last_success_timestamp_seconds`. */
  respaldoExitoso(fecha: Date): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metricas: Metricas;
  }
}

export interface MetricsDeps {
  /** METRICS_TOKEN: with it, /metrics also answers to `Authorization: Bearer <token>` from anywhere. */
  token?: string;
  /** The collector's state in this process (null when it does not run here). */
  collector(): CollectorHealth | null;
  /** Subscriptions running on this server's websockets. */
  liveSubscriptions(): number;
}

/** The http histogram's route for requests that matched no route (bounded: never the raw URL). */
export const UNKNOWN_ROUTE = 'desconocida';
/** The GraphQL histogram's operation for unnamed operations, and for names that are not kept. */
export const ANONYMOUS_OPERATION = 'anonima';
export const OTHER_OPERATION = 'otra';
/** Distinct operation names kept as labels; later new names count as `otra`. */
export const MAX_OPERATION_NAMES = 200;

export const FORBIDDEN_TEXT =
  'Acceso denegado: /metrics solo responde a esta misma máquina o con el token de METRICS_TOKEN';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/**
 * Headers a reverse proxy adds to say whom it relays (nginx's X-Real-IP included: a request relayed
 * with only that one used to count as local, issue 31 item 10). Any of them: not taken as local.
 */
export const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'x-cluster-client-ip',
  'via',
] as const;
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a scrape may read /metrics: from the loopback address (the socket's own peer, never
 * X-Forwarded-For) when the request was not relayed by a proxy, or with the METRICS_TOKEN bearer
 * token when one is set. A reverse proxy on the same machine connects from loopback for every
 * client it relays: a request carrying any of FORWARDING_HEADERS is therefore not taken as local.
 */
export function metricsAllowed(
  request: { remoteAddress: string | undefined; authorization: string | undefined; forwarded: boolean },
  token: string | undefined,
): boolean {
  if (!request.forwarded && request.remoteAddress !== undefined && LOOPBACK.has(request.remoteAddress)) {
    return true;
  }
  if (!token) return false;
  const match = /^Bearer (\S+)$/.exec(request.authorization ?? '');
  if (!match?.[1]) return false;
  // Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
  return timingSafeEqual(sha256(match[1]), sha256(token));
}

/** The operation label: the name if it is a short identifier, else `otra`; unnamed: `anonima`. */
export function operationLabel(name: string | undefined | null, known: Set<string>): string {
  if (!name) return ANONYMOUS_OPERATION;
  if (name.length > 64 || !/^\w+$/.test(name)) return OTHER_OPERATION;
  if (known.has(name)) return name;
  if (known.size >= MAX_OPERATION_NAMES) return OTHER_OPERATION;
  known.add(name);
  return name;
}

/** The name of the operation a document runs (the one `operationName` selects when it has several). */
function documentOperationName(document: DocumentNode, requested: unknown): string | undefined {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
  );
  const chosen =
    typeof requested === 'string' ? operations.find((o) => o.name?.value === requested) : operations[0];
  return chosen?.name?.value;
}

/** Before execution (a request refused by the gate or by validation): what the body says. */
function bodyOperationName(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { operationName, query } = body as { operationName?: unknown; query?: unknown };
  if (typeof operationName === 'string') return operationName;
  if (typeof query !== 'string') return undefined;
  return /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(query.slice(0, 200))?.[1];
}

let processRegistry: Registry | undefined;
/**
 * prom-client's default metrics (process_*, nodejs_eventloop_lag_*, nodejs_heap_*, nodejs_gc_*…,
 * under their usual names so the common Node.js dashboards work) describe the process, not an app:
 * collected once per process into their own registry, which every app's /metrics appends.
 */
function defaultMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * GET /metrics (Prometheus text format) and the timings behind it, in a registry of this app (the
 * tests run many apps in one process). Collector and websocket figures are read when scraped. A
 * server with no collector (or one waiting its turn) reports it as not connected, not leading, 0
 * rows buffered and dropped, and the last reading's age as +Inf: the same as a collector that never
 * read anything, so `min(planta_collector_last_reading_age_seconds)` over the servers is the leader's.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const registry = new Registry();
  const httpDuration = new Histogram({
    name: 'planta_http_request_duration_seconds',
    help: 'Duración de las peticiones HTTP, por método, ruta (el patrón, no la URL) y estado',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const graphqlDuration = new Histogram({
    name: 'planta_graphql_operation_duration_seconds',
    help: 'Duración de las operaciones GraphQL por HTTP, por nombre de operación',
    labelNames: ['operation'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'planta_collector_last_reading_age_seconds',
    help: 'Segundos desde la última lectura OPC UA del colector de este servidor (+Inf sin ninguna lectura, o sin colector)',
    registers: [registry],
    collect() {
      const last = deps.collector()?.ultima_lectura;
      this.set(last ? Math.max(0, (Date.now() - Date.parse(last)) / 1000) : Infinity);
    },
  });
  new Gauge({
    name: 'planta_collector_buffered_rows',
    help: 'Filas del colector guardadas en disco esperando a la base de datos',
    registers: [registry],
    collect() {
      this.set(deps.collector()?.filas_en_buffer ?? 0);
    },
  });
  new Counter({
    name: 'planta_collector_dropped_rows_total',
    help: 'Filas del colector descartadas porque el buffer en disco se llenó, desde el arranque',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(deps.collector()?.filas_descartadas ?? 0);
    },
  });
  new Gauge({
    name: 'planta_opcua_connected',
    help: '1 si el colector de este servidor está conectado al servidor OPC UA, si no 0',
    registers: [registry],
    collect() {
      this.set(deps.collector()?.estado === 'CONECTADO' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'planta_collector_leader',
    help: '1 si este servidor es el que recoge los datos de la planta (tiene el turno), si no 0',
    registers: [registry],
    collect() {
      this.set(deps.collector()?.lider ? 1 : 0);
    },
  });
  new Gauge({
    name: 'planta_live_subscriptions',
    help: 'Suscripciones GraphQL en curso en los websockets de este servidor',
    registers: [registry],
    collect() {
      this.set(deps.liveSubscriptions());
    },
  });
  const backup = new Gauge({
    name: 'planta_backup_last_success_timestamp_seconds',
    help: 'Hora (segundos Unix) del último respaldo completo conocido por este servidor (0: ninguno)',
    registers: [registry],
  });

  const metricas: Metricas = {
    respaldoExitoso: (fecha) => backup.set(fecha.getTime() / 1000),
  };
  app.decorate('metricas', metricas);

  const knownOperations = new Set<string>();
  const executedOperation = new WeakMap<FastifyRequest, string | undefined>();
  app.addHook('onReady', async () => {
    app.graphql.addHook('preExecution', async (_schema, document, context) => {
      // Only HTTP operations have a reply (websockets carry subscriptions, timed elsewhere: not at all).
      const request = (context as { reply?: FastifyReply }).reply?.request;
      if (!request) return;
      executedOperation.set(request, documentOperationName(document, bodyOperationName(request.body)));
    });
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? UNKNOWN_ROUTE;
    const seconds = reply.elapsedTime / 1000;
    httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, seconds);
    if (route === '/graphql' && request.method === 'POST') {
      const name = executedOperation.has(request)
        ? executedOperation.get(request)
        : bodyOperationName(request.body);
      graphqlDuration.observe({ operation: operationLabel(name, knownOperations) }, seconds);
    }
  });

  app.get('/metrics', async (request, reply) => {
    const allowed = metricsAllowed(
      {
        remoteAddress: request.socket.remoteAddress,
        authorization: request.headers.authorization,
        forwarded: FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined),
      },
      deps.token,
    );
    reply.header('Cache-Control', 'no-store');
    if (!allowed) return reply.code(403).type('text/plain; charset=utf-8').send(FORBIDDEN_TEXT);
    const text = `${await registry.metrics()}\n${await defaultMetrics().metrics()}`;
    return reply.type(registry.contentType).send(text);
  });
}
