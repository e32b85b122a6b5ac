import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { CollectorHealth } from '../src/collector/types.ts';
import {
  ANONYMOUS_OPERATION,
  FORBIDDEN_TEXT,
  MAX_OPERATION_NAMES,
  metricsAllowed,
  OTHER_OPERATION,
  operationLabel,
  UNKNOWN_ROUTE,
} from '../src/http/metrics.ts';
import { HIDDEN, urlForLog } from '../src/http/request-log.ts';
import { LiveHub } from '../src/live/hub.ts';
import { ADMIN, describeEachDatabase } from './harness.ts';
import { baseDelProceso, freePort, start, tmpDir, waitFor } from './processes.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format, as far as these tests read it: # TYPE lines and samples. */
function parseMetrics(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    const type = /^# TYPE (\w+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    const sample = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`línea no válida en /metrics: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!.replace(/\\(.)/g, '$1');
    }
    const value = sample[3] === '+Inf' ? Infinity : sample[3] === '-Inf' ? -Infinity : Number(sample[3]);
    samples.push({ name: sample[1]!, labels, value });
  }
  return { types, samples };
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

const REQUIRED: [string, string][] = [
  ['planta_http_request_duration_seconds', 'histogram'],
  ['planta_graphql_operation_duration_seconds', 'histogram'],
  ['planta_collector_last_reading_age_seconds', 'gauge'],
  ['planta_collector_buffered_rows', 'gauge'],
  ['planta_collector_dropped_rows_total', 'counter'],
  ['planta_opcua_connected', 'gauge'],
  ['planta_live_subscriptions', 'gauge'],
  ['planta_backup_last_success_timestamp_seconds', 'gauge'],
  // prom-client's default metrics, under their usual names.
  ['process_cpu_user_seconds_total', 'counter'],
  ['process_resident_memory_bytes', 'gauge'],
  ['nodejs_eventloop_lag_seconds', 'gauge'],
  ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
  ['nodejs_heap_size_used_bytes', 'gauge'],
];

const METRICS_TOKEN = 'token-de-metricas-0123456789';

describe('metricsAllowed (who may read /metrics)', () => {
  const from = (remoteAddress: string | undefined, authorization?: string, forwarded = false) => ({
    remoteAddress,
    authorization,
    forwarded,
  });

  it('without METRICS_TOKEN: loopback only, never a relayed request, whatever the header says', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(metricsAllowed(from(address), undefined)).toBe(true);
    }
    expect(metricsAllowed(from('10.0.0.5'), undefined)).toBe(false);
    expect(metricsAllowed(from('127.0.0.2'), undefined)).toBe(false);
    expect(metricsAllowed(from(undefined), undefined)).toBe(false);
    expect(metricsAllowed(from('10.0.0.5', 'Bearer cualquiera'), undefined)).toBe(false);
    // A reverse proxy on this machine connects from loopback for everyone it relays.
    expect(metricsAllowed(from('127.0.0.1', undefined, true), undefined)).toBe(false);
  });

  it('with METRICS_TOKEN: the exact bearer token from anywhere, loopback still without it', () => {
    expect(metricsAllowed(from('10.0.0.5', `Bearer ${METRICS_TOKEN}`), METRICS_TOKEN)).toBe(true);
    expect(metricsAllowed(from('127.0.0.1', `Bearer ${METRICS_TOKEN}`, true), METRICS_TOKEN)).toBe(true);
    expect(metricsAllowed(from('127.0.0.1'), METRICS_TOKEN)).toBe(true);
    expect(metricsAllowed(from('10.0.0.5'), METRICS_TOKEN)).toBe(false);
    expect(metricsAllowed(from('10.0.0.5', `Bearer ${METRICS_TOKEN}x`), METRICS_TOKEN)).toBe(false);
    expect(metricsAllowed(from('10.0.0.5', METRICS_TOKEN), METRICS_TOKEN)).toBe(false);
    expect(metricsAllowed(from('10.0.0.5', `Basic ${METRICS_TOKEN}`), METRICS_TOKEN)).toBe(false);
    expect(metricsAllowed(from('10.0.0.5', 'Bearer '), METRICS_TOKEN)).toBe(false);
  });
});

describe('METRICS_TOKEN', () => {
  it('is read by config.ts: at least 16 characters, never echoed in the error', () => {
    expect(loadConfig({ METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'corto-secreto' })).toThrow(
      /^Configuración inválida: METRICS_TOKEN debe tener al menos 16 caracteres$/,
    );
  });
});

describe('operationLabel (bounded GraphQL operation names)', () => {
  it('unnamed → anonima; long or odd names → otra; at most MAX_OPERATION_NAMES distinct names', () => {
    const known = new Set<string>();
    expect(operationLabel(undefined, known)).toBe(ANONYMOUS_OPERATION);
    expect(operationLabel('', known)).toBe(ANONYMOUS_OPERATION);
    expect(operationLabel('x'.repeat(65), known)).toBe(OTHER_OPERATION);
    expect(operationLabel('a-b', known)).toBe(OTHER_OPERATION);
    expect(operationLabel('Lineas', known)).toBe('Lineas');
    for (let i = known.size; i < MAX_OPERATION_NAMES; i++) operationLabel(`Op${i}`, known);
    expect(known.size).toBe(MAX_OPERATION_NAMES);
    expect(operationLabel('OtraNueva', known)).toBe(OTHER_OPERATION);
    expect(operationLabel('Lineas', known)).toBe('Lineas');
  });
});

describe('urlForLog', () => {
  it('hides the values of secret-looking query parameters, keeps the rest', () => {
    expect(urlForLog('/graphql')).toBe('/graphql');
    expect(urlForLog('/x?token=abc&dia=2024-01-02')).toBe(`/x?token=${HIDDEN}&dia=2024-01-02`);
    expect(urlForLog('/x?access_token=a&Password=b&refresh%5Ftoken=c&clave=d')).toBe(
      `/x?access_token=${HIDDEN}&Password=${HIDDEN}&refresh%5Ftoken=${HIDDEN}&clave=${HIDDEN}`,
    );
    expect(urlForLog('/x?%E0%A4%A=1')).toBe(`/x?%E0%A4%A=${HIDDEN}`);
  });
});

describeEachDatabase('GET /metrics', (server) => {
  const scrape = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${server().url}/metrics`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(await response.text());
  };

  it('from loopback: every required metric with its # TYPE; no collector here → not connected, no reading', async () => {
    const { types, samples } = await scrape();
    for (const [name, type] of REQUIRED) expect(types.get(name), name).toBe(type);
    const value = (name: string) => find(samples, name).map((s) => s.value);
    expect(value('planta_collector_last_reading_age_seconds')).toEqual([Infinity]);
    expect(value('planta_collector_buffered_rows')).toEqual([0]);
    expect(value('planta_collector_dropped_rows_total')).toEqual([0]);
    expect(value('planta_opcua_connected')).toEqual([0]);
    expect(value('planta_live_subscriptions')).toEqual([0]);
    expect(value('planta_backup_last_success_timestamp_seconds')).toEqual([0]);
    expect(value('process_resident_memory_bytes')[0]).toBeGreaterThan(0);
  });

  it('a GraphQL operation shows up under its name; the http histogram by route pattern, never the raw URL', async () => {
    const login = await server().login();
    const named = await server().gql(`query MetricasPrueba { me { id } }`, {}, { token: login.access_token });
    expect(named.status).toBe(200);
    await server().gql(`{ __typename }`);
    await server().gql(`query ${'N'.repeat(70)} { __typename }`);
    const missing = await fetch(`${server().url}/api/no-existe-${randomBytes(4).toString('hex')}`);
    expect(missing.status).toBe(404);

    const { samples } = await scrape();
    const count = (operation: string) =>
      find(samples, 'planta_graphql_operation_duration_seconds_count', { operation })[0]?.value ?? 0;
    expect(count('MetricasPrueba')).toBe(1);
    expect(count('Login')).toBeGreaterThanOrEqual(1);
    expect(count(ANONYMOUS_OPERATION)).toBeGreaterThanOrEqual(1);
    expect(count(OTHER_OPERATION)).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'planta_graphql_operation_duration_seconds_bucket', { le: '+Inf' }).length).toBe(
      find(samples, 'planta_graphql_operation_duration_seconds_count').length,
    );

    const http = find(samples, 'planta_http_request_duration_seconds_count');
    expect(
      find(samples, 'planta_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/graphql',
        status: '200',
      })[0]?.value,
    ).toBeGreaterThanOrEqual(3);
    expect(http.some((s) => s.labels.route === UNKNOWN_ROUTE && s.labels.status === '404')).toBe(true);
    expect(http.every((s) => !s.labels.route?.includes('no-existe'))).toBe(true);
    // The scrape before this one is counted too, under its route.
    expect(http.some((s) => s.labels.route === '/metrics' && s.labels.method === 'GET')).toBe(true);
  });

  it('a request relayed from loopback with any forwarding header, X-Real-IP alone included, gets 403', async () => {
    // nginx's `proxy_set_header X-Real-IP $remote_addr` without X-Forwarded-For (issue 31, item 10).
    for (const [name, value] of [
      ['x-real-ip', '203.0.113.9'],
      ['forwarded', 'for=203.0.113.9'],
      ['x-forwarded-for', '203.0.113.9'],
      ['x-forwarded-host', 'planta.example.com'],
      ['via', '1.1 proxy'],
    ] as const) {
      const relayed = await fetch(`${server().url}/metrics`, { headers: { [name]: value } });
      expect(relayed.status, name).toBe(403);
      expect(await relayed.text()).toBe(FORBIDDEN_TEXT);
    }
    expect((await fetch(`${server().url}/metrics`)).status).toBe(200);
  });

  it('refused (403, Spanish text) from another address or through a proxy; METRICS_TOKEN opens it', async () => {
    const app = server().app;
    const fromLan = await app.inject({ url: '/metrics', remoteAddress: '10.0.0.5' });
    expect(fromLan.statusCode).toBe(403);
    expect(fromLan.body).toBe(FORBIDDEN_TEXT);
    // Without METRICS_TOKEN a bearer token opens nothing.
    const guessed = await app.inject({
      url: '/metrics',
      remoteAddress: '10.0.0.5',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(guessed.statusCode).toBe(403);
    const proxied = await fetch(`${server().url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(403);

    const withToken = await buildApp({
      database: server().database,
      jwtSecret: randomBytes(32).toString('hex'),
      metricsToken: METRICS_TOKEN,
    });
    try {
      const wrong = await withToken.inject({
        url: '/metrics',
        remoteAddress: '10.0.0.5',
        headers: { authorization: 'Bearer otro-token-cualquiera-123' },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.body).toBe(FORBIDDEN_TEXT);
      const none = await withToken.inject({ url: '/metrics', remoteAddress: '10.0.0.5' });
      expect(none.statusCode).toBe(403);
      const right = await withToken.inject({
        url: '/metrics',
        remoteAddress: '10.0.0.5',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(parseMetrics(right.body).types.get('planta_http_request_duration_seconds')).toBe('histogram');
      // Loopback stays open without the token (the scraper on the plant server itself).
      const local = await withToken.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
    } finally {
      await withToken.close();
    }
  });

  it('planta_live_subscriptions counts the subscriptions running on the websockets', async () => {
    const subscriptions = async () =>
      find((await scrape()).samples, 'planta_live_subscriptions')[0]?.value ?? -1;
    const login = await server().login();
    const socket = new WebSocket(`${server().url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
      origin: server().url,
    });
    const acked = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as { type: string }).type === 'connection_ack') resolve();
      }),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { token: login.access_token } }));
    await acked;
    for (const id of ['1', '2']) {
      socket.send(
        JSON.stringify({
          type: 'subscribe',
          id,
          payload: { query: 'subscription { conexionPlanta { estado } }' },
        }),
      );
    }
    await waitFor(async () => (await subscriptions()) === 2, 5_000);
    socket.send(JSON.stringify({ type: 'complete', id: '1' }));
    await waitFor(async () => (await subscriptions()) === 1, 5_000);
    socket.close();
    await waitFor(async () => (await subscriptions()) === 0, 5_000);
  });

  it('collector and backup figures are read from the app when scraped', async () => {
    const live = new LiveHub();
    const lastReading = new Date(Date.now() - 42_000);
    let health: CollectorHealth = {
      estado: 'CONECTADO',
      seguridad: 'None',
      lider: true,
      ultima_lectura: lastReading.toISOString(),
      retraso_segundos: 3,
      filas_en_buffer: 17,
      filas_descartadas: 5,
    };
    live.health = () => health;
    const app = await buildApp({
      database: server().database,
      jwtSecret: randomBytes(32).toString('hex'),
      live,
    });
    try {
      const read = async () => parseMetrics((await app.inject({ url: '/metrics' })).body).samples;
      let samples = await read();
      const age = find(samples, 'planta_collector_last_reading_age_seconds')[0]?.value ?? 0;
      expect(age).toBeGreaterThanOrEqual(42);
      expect(age).toBeLessThan(60);
      expect(find(samples, 'planta_collector_buffered_rows')[0]?.value).toBe(17);
      expect(find(samples, 'planta_collector_dropped_rows_total')[0]?.value).toBe(5);
      expect(find(samples, 'planta_opcua_connected')[0]?.value).toBe(1);
      expect(find(samples, 'planta_collector_leader')[0]?.value).toBe(1);

      health = { ...health, estado: 'DESCONECTADO', ultima_lectura: null, filas_en_buffer: 0 };
      const backupAt = new Date('2026-03-04T08:00:00.000Z');
      app.metricas.respaldoExitoso(backupAt);
      samples = await read();
      expect(find(samples, 'planta_opcua_connected')[0]?.value).toBe(0);
      expect(find(samples, 'planta_collector_last_reading_age_seconds')[0]?.value).toBe(Infinity);
      expect(find(samples, 'planta_collector_buffered_rows')[0]?.value).toBe(0);
      expect(find(samples, 'planta_backup_last_success_timestamp_seconds')[0]?.value).toBe(
        backupAt.getTime() / 1000,
      );
    } finally {
      await app.close();
    }
  });
});

/** A pino logger whose lines the test reads (JSON, one per line). */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  let raw = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return {
    logger: pino({ level: 'debug' }, stream),
    lines,
    raw: () => raw,
    /** Both databases' apps share this logger, and each numbers its requests from req-1. */
    reset() {
      lines.length = 0;
      raw = '';
    },
  };
}

const webDist = tmpDir();
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Planta</title>');
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
const captured = capturedLogger();

describeEachDatabase(
  'request log',
  (server) => {
    it('one line per request with method, URL, status, ms and user; static files at debug; no secret', async () => {
      captured.reset();
      const login = await server().login();
      const me = await server().gql(`query Yo { me { id } }`, {}, { token: login.access_token });
      const userId = Number((me.data as { me: { id: string } }).me.id);
      const enviar = (cuerpo: Record<string, unknown>) =>
        fetch(`${server().url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${login.access_token}` },
          body: JSON.stringify(cuerpo),
        });
      await enviar({ query: 'query Uno { me { id } } query Otra { me { id } }', operationName: 'Otra' });
      await enviar({ query: '{ __typename }', operationName: 'x\ny' });
      const secretQuery = 'valor-secreto-de-la-url';
      await fetch(`${server().url}/healthz?token=${secretQuery}&x=1`, {
        headers: {
          cookie: `access_token=${login.access_token}`,
          authorization: `Bearer ${login.access_token}`,
        },
      });
      await fetch(`${server().url}/assets/app-abc123.js`);
      await fetch(`${server().url}/fabrica/lineas`, { headers: { accept: 'text/html' } });
      const before = captured.lines.length;
      await new Promise((r) => setTimeout(r, 50));
      // Nothing more arrives once the answers are in (no late "request completed").
      expect(captured.lines.length).toBe(before);

      const requestLines = captured.lines.filter((l) => l.reqId !== undefined);
      // Fastify's "incoming request" / "request completed" are gone: exactly one line per request.
      const byRequest = new Map<unknown, Record<string, unknown>[]>();
      for (const line of requestLines)
        byRequest.set(line.reqId, [...(byRequest.get(line.reqId) ?? []), line]);
      expect(byRequest.size).toBeGreaterThanOrEqual(5);
      for (const [, lines] of byRequest) expect(lines).toHaveLength(1);
      expect(captured.lines.some((l) => /incoming request|request completed/.test(String(l.msg)))).toBe(
        false,
      );

      const lineFor = (url: string) => requestLines.find((l) => l.url === url);
      expect(lineFor('/graphql')).toMatchObject({
        method: 'POST',
        statusCode: 200,
        level: 30,
        msg: 'petición',
      });
      expect(typeof lineFor('/graphql')?.ms).toBe('number');
      expect(requestLines.some((l) => l.url === '/graphql' && l.usuarioId === userId)).toBe(true);
      // The operation's name (which screen's query), from the document or the body's operationName.
      expect(requestLines.filter((l) => l.url === '/graphql').map((l) => l.operacion)).toEqual([
        'Login', // the harness's login mutation
        'Yo',
        'Otra',
        undefined, // a name that is not a GraphQL name is not logged
      ]);
      expect(lineFor(`/healthz?token=${HIDDEN}&x=1`)).toMatchObject({ statusCode: 200, level: 30 });
      expect(lineFor('/assets/app-abc123.js')).toMatchObject({ statusCode: 200, level: 20 });
      expect(lineFor('/fabrica/lineas')).toMatchObject({ statusCode: 200, level: 20 });

      const text = captured.raw();
      for (const secret of [ADMIN.password, login.access_token, login.refresh_token, secretQuery]) {
        expect(text).not.toContain(secret);
      }
    });
  },
  { logger: captured.logger, webDist },
);

describe('the real server process', () => {
  it('logs one line per request, and keeps answering when its stdout pipe is gone (EPIPE)', async () => {
    const answers = async (base: string) => {
      try {
        return (await fetch(`${base}/healthz`)).status === 200;
      } catch {
        return false;
      }
    };
    // A: the log as the real process writes it, then the log reader goes away.
    // Each on a PostgreSQL database of its own when one answers (the log and the pipe are the
    // point, not the database; startup.test.ts starts the embedded one).
    const readPort = await freePort();
    const read = start({
      PORT: String(readPort),
      DATA_DIR: tmpDir(),
      ADMIN_PASSWORD: 'clave-inicial-1',
      HOST: '127.0.0.1',
      ...(await baseDelProceso()),
    });
    // B: the pipe is gone before the server starts, so the first start's generated admin password,
    // written straight to stdout (db/bootstrap.ts), meets EPIPE too.
    const blindPort = await freePort();
    const blind = start({
      PORT: String(blindPort),
      DATA_DIR: tmpDir(),
      HOST: '127.0.0.1',
      ...(await baseDelProceso()),
    });
    blind.child.stdout?.destroy();

    const readBase = `http://127.0.0.1:${readPort}`;
    await waitFor(() => read.output().includes('escuchando'), 60_000);
    await fetch(`${readBase}/healthz?token=no-debe-salir`);
    await waitFor(() => read.output().includes('/healthz'));
    const lines = read
      .output()
      .split('\n')
      .filter((l) => l.includes('"reqId"'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`/healthz?token=${HIDDEN}`);
    expect(read.output()).not.toContain('no-debe-salir');
    read.child.stdout?.destroy();

    const blindBase = `http://127.0.0.1:${blindPort}`;
    await waitFor(async () => {
      if (blind.child.exitCode !== null) {
        throw new Error(`el servidor terminó (código ${blind.child.exitCode}): ${blind.output()}`);
      }
      return answers(blindBase);
    }, 60_000);
    for (let i = 0; i < 40; i++) {
      expect(await answers(readBase)).toBe(true);
      expect(await answers(blindBase)).toBe(true);
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(await answers(readBase)).toBe(true);
    expect(await answers(blindBase)).toBe(true);
    expect(read.child.exitCode).toBeNull();
    expect(blind.child.exitCode).toBeNull();
    for (const run of [read, blind]) {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  }, 120_000);
});
