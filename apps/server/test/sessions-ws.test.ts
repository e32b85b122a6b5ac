import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LineaEnVivo } from '../src/collector/types.ts';
import { CONNECTION_TOPIC, LiveHub } from '../src/live/hub.ts';
import { createUser, describeEachDatabase, startTestServer, type TestServer, uniqueName } from './harness.ts';

interface Message {
  type: string;
  id?: string;
  payload?: unknown;
}

/** A raw graphql-transport-ws client: every message and the close code are visible to the test. */
class RawSocket {
  readonly messages: Message[] = [];
  readonly closed: Promise<{ code: number; reason: string; at: number }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as Message);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason), at: Date.now() })),
    );
    socket.on('error', () => {});
  }

  static open(server: TestServer): Promise<RawSocket> {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
      origin: server.url,
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawSocket(socket)));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
  }

  /** Opens, sends connection_init with the token, waits for the ack. */
  static async init(server: TestServer, token: string): Promise<RawSocket> {
    const raw = await RawSocket.open(server);
    raw.send({ type: 'connection_init', payload: { token } });
    await raw.next((m) => m.type === 'connection_ack');
    return raw;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  subscribe(id: string): void {
    this.send({
      type: 'subscribe',
      id,
      payload: { query: 'subscription { conexionPlanta { estado endpoint } }' },
    });
  }

  /** The first message (already received or coming) that matches. */
  async next(match: (m: Message) => boolean, timeoutMs = 5000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (let seen = 0; ;) {
      for (; seen < this.messages.length; seen++) {
        const message = this.messages[seen]!;
        if (match(message)) {
          this.messages.splice(seen, 1);
          return message;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`sin mensaje esperado; recibidos: ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }
}

const LOGOUT = `mutation { logout { status } }`;

function publishConnection(server: TestServer, estado: string): void {
  void server.app.graphql.pubsub.publish({
    topic: CONNECTION_TOPIC,
    payload: { conexionPlanta: { estado, endpoint: 'opc.tcp://prueba', ultima_lectura: null } },
  });
}

/** Resolves with the close (code, ms after `since`), or fails after `withinMs`. */
async function closedWithin(raw: RawSocket, since: number, withinMs: number) {
  const closed = await Promise.race([
    raw.closed,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), withinMs + 500)),
  ]);
  if (!closed) throw new Error(`el socket sigue abierto ${withinMs} ms después`);
  return { code: closed.code, reason: closed.reason, ms: closed.at - since };
}

describeEachDatabase('subscription sockets end with their session', (server) => {
  async function newUser() {
    const admin = await server().login();
    const username = uniqueName('ws');
    const id = await createUser(server(), admin.access_token, { username, password: 'clave-ws-12345' });
    return { id, username, adminToken: admin.access_token };
  }

  it('logout closes the socket within 5 s: no more data, no new subscriptions', async () => {
    const { username } = await newUser();
    const session = await server().login(username, 'clave-ws-12345');
    const raw = await RawSocket.init(server(), session.access_token);
    raw.subscribe('1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    publishConnection(server(), 'CONECTADO');
    expect(await raw.next((m) => m.type === 'next')).toMatchObject({
      id: '1',
      payload: { data: { conexionPlanta: { estado: 'CONECTADO' } } },
    });

    const since = Date.now();
    expect((await server().gql(LOGOUT, {}, { token: session.access_token })).status).toBe(200);
    const closed = await closedWithin(raw, since, 5000);
    expect(closed.code).toBe(4401);
    expect(closed.reason).toBe('La sesión ha terminado');
    expect(closed.ms).toBeLessThan(5000);
    // The token no longer opens a socket either.
    const again = await RawSocket.open(server());
    again.send({ type: 'connection_init', payload: { token: session.access_token } });
    expect(await again.next((m) => m.type === 'connection_error')).toMatchObject({
      payload: { message: 'No autorizado: envíe un token de acceso válido en connection_init ({ token })' },
    });
    await again.closed;
  });

  it('a password change closes the other sessions\u2019 sockets, keeps its own; soft delete closes all', async () => {
    const { id, username, adminToken } = await newUser();
    const a = await server().login(username, 'clave-ws-12345');
    const b = await server().login(username, 'clave-ws-12345');
    const socketA = await RawSocket.init(server(), a.access_token);
    const socketB = await RawSocket.init(server(), b.access_token);
    socketA.subscribe('a');
    socketB.subscribe('b');

    const since = Date.now();
    const changed = await server().gql(
      `mutation($input: UpdatePassword!) { updatePassword(input: $input) { status } }`,
      {
        input: {
          old_password: 'clave-ws-12345',
          password: 'clave-ws-67890',
          password_confirmation: 'clave-ws-67890',
        },
      },
      { token: a.access_token },
    );
    expect(changed.data).toEqual({ updatePassword: { status: 'success' } });
    expect((await closedWithin(socketB, since, 5000)).code).toBe(4401);
    expect(socketA.isOpen).toBe(true);
    publishConnection(server(), 'DESCONECTADO');
    expect(await socketA.next((m) => m.type === 'next' && m.id === 'a')).toBeTruthy();

    const deletedAt = Date.now();
    const deleted = await server().gql(
      `mutation($id: ID!) { deleteUser(id: $id) { id } }`,
      { id },
      { token: adminToken },
    );
    expect(deleted.errors).toBeUndefined();
    expect((await closedWithin(socketA, deletedAt, 5000)).code).toBe(4401);
  });

  it('a role change closes the user\u2019s sockets within 5 s', async () => {
    const { id, username, adminToken } = await newUser();
    const session = await server().login(username, 'clave-ws-12345');
    const raw = await RawSocket.init(server(), session.access_token);
    raw.subscribe('1');
    const since = Date.now();
    const assigned = await server().gql(
      `mutation($id: ID!, $role: String!) { assignRole(user_id: $id, role: $role) { id } }`,
      { id, role: 'admin' },
      { token: adminToken },
    );
    expect(assigned.errors).toBeUndefined();
    const closed = await closedWithin(raw, since, 5000);
    expect(closed.code).toBe(4401);
    expect(closed.ms).toBeLessThan(5000);
  });

  it('closes within 5 s a socket whose session was revoked elsewhere (another server, expiry)', async () => {
    const { id, username } = await newUser();
    const session = await server().login(username, 'clave-ws-12345');
    const raw = await RawSocket.init(server(), session.access_token);
    raw.subscribe('1');
    // Straight in the database, as another server sharing it would: no local notification.
    const since = Date.now();
    await server().database.db.execute(
      sql`update sessions set revoked_at = now(), revoked_reason = 'prueba' where user_id = ${Number(id)}`,
    );
    const closed = await closedWithin(raw, since, 5000);
    expect(closed.code).toBe(4401);
    expect(closed.ms).toBeLessThan(5000);
  });

  it('closes a socket that does not send connection_init within about 5 s', async () => {
    const raw = await RawSocket.open(server());
    const since = Date.now();
    const closed = await closedWithin(raw, since, 6000);
    expect(closed.code).toBe(4408);
    expect(closed.reason).toBe('No se recibió connection_init a tiempo');
    expect(closed.ms).toBeGreaterThan(4000);
    expect(closed.ms).toBeLessThan(6500);
  });

  it('caps subscriptions per socket at 20 (Spanish error) and frees a place when one completes', async () => {
    const session = await server().login();
    const raw = await RawSocket.init(server(), session.access_token);
    for (let i = 1; i <= 20; i++) raw.subscribe(String(i));
    raw.subscribe('21');
    expect(await raw.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      id: '21',
      payload: [
        expect.objectContaining({ message: 'Demasiadas suscripciones en esta conexión: el máximo es 20' }),
      ],
    });
    publishConnection(server(), 'CONECTADO');
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add((await raw.next((m) => m.type === 'next')).id!);
    expect(ids.size).toBe(20);
    expect(ids.has('21')).toBe(false);

    raw.send({ type: 'complete', id: '3' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    raw.subscribe('22');
    await new Promise((resolve) => setTimeout(resolve, 100));
    publishConnection(server(), 'DESCONECTADO');
    expect(await raw.next((m) => m.type === 'next' && m.id === '22')).toBeTruthy();
    raw.socket.close();
  });

  it('refuses a repeated subscription id and a second connection_init by closing the socket', async () => {
    const session = await server().login();
    const dup = await RawSocket.init(server(), session.access_token);
    dup.subscribe('x');
    dup.subscribe('x');
    expect((await dup.closed).code).toBe(4409);
    const twice = await RawSocket.init(server(), session.access_token);
    twice.send({ type: 'connection_init', payload: { token: session.access_token } });
    expect((await twice.closed).code).toBe(4429);
  });
});

describe('websocket protocol errors', () => {
  describeEachDatabase('in Spanish', (server) => {
    it('answers a bad token, bad JSON, early subscribe, queries and syntax errors in Spanish', async () => {
      const bad = await RawSocket.open(server());
      bad.send({ type: 'connection_init', payload: { token: 'no-es-un-token' } });
      expect((await bad.next((m) => m.type === 'connection_error')).payload).toEqual({
        message: 'No autorizado: envíe un token de acceso válido en connection_init ({ token })',
      });

      const early = await RawSocket.open(server());
      early.subscribe('1');
      expect((await early.next((m) => m.type === 'connection_error')).payload).toEqual({
        message: 'Envíe connection_init antes de suscribirse',
      });

      const token = (await server().login()).access_token;
      const raw = await RawSocket.init(server(), token);
      raw.send('esto no es json');
      expect((await raw.next((m) => m.type === 'error')).payload).toEqual([
        expect.objectContaining({ message: 'El mensaje debe ser JSON' }),
      ]);
      raw.send({ type: 'desconocido', id: '9' });
      expect((await raw.next((m) => m.type === 'error')).payload).toEqual([
        expect.objectContaining({ message: 'Tipo de mensaje no válido' }),
      ]);
      raw.send({ type: 'subscribe', id: 'q', payload: { query: '{ me { id } }' } });
      expect((await raw.next((m) => m.type === 'error' && m.id === 'q')).payload).toEqual([
        expect.objectContaining({ message: 'Por websocket solo se admiten suscripciones' }),
      ]);
      raw.send({ type: 'subscribe', id: 's', payload: { query: 'subscription { conexionPlanta {' } });
      expect((await raw.next((m) => m.type === 'error' && m.id === 's')).payload).toEqual([
        expect.objectContaining({ message: 'La consulta GraphQL tiene un error de sintaxis' }),
      ]);
      const json = JSON.stringify(raw.messages);
      expect(json).not.toMatch(/Forbidden|Invalid|Must provide|Syntax Error/);
      raw.socket.close();
    });
  });
});

describe('a line subscription starts from the line\u2019s latest value', () => {
  const hub = new LiveHub();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { live: hub });
  });
  afterAll(() => server.close());

  const linea = (numero: number, segundos: number, botellas: number): LineaEnVivo => ({
    linea: numero,
    fecha: new Date(Date.now() - 60_000 + segundos * 1000),
    velocidad: 300,
    formato: 5,
    estado: 0,
    botellas,
    botellas_llenas: botellas,
    paquetes: 0,
  });
  const subscribe = (raw: RawSocket, id: string, numero: number) =>
    raw.send({
      type: 'subscribe',
      id,
      payload: { query: `subscription { lineaEnVivo(linea: ${numero}) { linea estado_nombre botellas } }` },
    });

  it('a stopped line (nothing changes) is shown at once; a line never read waits for its first value', async () => {
    hub.publishLine(linea(1, 0, 40));
    const raw = await RawSocket.init(server, (await server.login()).access_token);
    subscribe(raw, 'l1', 1);
    // Nothing is published after the subscription: only the latest value can arrive.
    expect((await raw.next((m) => m.id === 'l1', 2_000)).payload).toEqual({
      data: { lineaEnVivo: { linea: 1, estado_nombre: 'Parada', botellas: 40 } },
    });
    subscribe(raw, 'l2', 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(raw.messages.filter((m) => m.id === 'l2')).toEqual([]);
    hub.publishLine(linea(2, 1, 7));
    hub.publishLine(linea(1, 1, 41));
    expect((await raw.next((m) => m.id === 'l2')).payload).toEqual({
      data: { lineaEnVivo: { linea: 2, estado_nombre: 'Parada', botellas: 7 } },
    });
    // The first subscriber gets the new value, once (not the snapshot again).
    expect((await raw.next((m) => m.id === 'l1')).payload).toEqual({
      data: { lineaEnVivo: { linea: 1, estado_nombre: 'Parada', botellas: 41 } },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(raw.messages.filter((m) => m.id === 'l1')).toEqual([]);
    // Completed (the server confirms), it gets nothing more.
    raw.send({ type: 'complete', id: 'l1' });
    await raw.next((m) => m.id === 'l1' && m.type === 'complete');
    hub.publishLine(linea(1, 2, 42));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(raw.messages.filter((m) => m.id === 'l1')).toEqual([]);
    raw.socket.close();
  });
});
