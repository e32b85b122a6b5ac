import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { translateGraphQLMessage } from '../graphql/translate-error.ts';

/** graphql-ws close codes (the protocol's own, so clients know not to retry 4401/4409/4429). */
export const CLOSE = {
  sessionEnded: 4401,
  initTimeout: 4408,
  duplicateId: 4409,
  tooManyInits: 4429,
} as const;

export const SESSION_ENDED_REASON = 'La sesión ha terminado';
export const INIT_TIMEOUT_REASON = 'No se recibió connection_init a tiempo';

export interface SocketSessionsOptions {
  /** Sockets that have not sent connection_init by then are closed. */
  initTimeoutMs?: number;
  /** Subscriptions running at once on one socket. */
  maxSubscriptions?: number;
  /** How often the sessions behind open sockets are checked (other servers' logouts, expiry). */
  checkEveryMs?: number;
  /** Which of these sessions are still alive (not revoked or expired, user not deleted). */
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
  onError?(error: unknown): void;
}

interface SocketState {
  initialized: boolean;
  initTimer: NodeJS.Timeout;
  userId?: number;
  sessionId?: string;
  operations: Set<string>;
}

/** A subscription refused on this socket; its message goes to the client as the operation's error. */
export class SubscriptionRefused extends Error {}

/**
 * The websockets of the subscriptions and the sessions behind them. A socket lives only as long as
 * its session: logout, password change, soft delete and role change (any revocation through
 * AuthRepository on this server) close it at once; every `checkEveryMs` the sessions of all open
 * sockets are checked in one query, which catches other servers' revocations and expiry. Sockets
 * must send connection_init within `initTimeoutMs`, may do it once, and run at most
 * `maxSubscriptions` subscriptions.
 */
export class SocketSessions {
  private readonly sockets = new Map<WebSocket, SocketState>();
  private readonly initTimeoutMs: number;
  readonly maxSubscriptions: number;
  private readonly checker: NodeJS.Timeout;
  private checking = false;

  constructor(private readonly options: SocketSessionsOptions) {
    this.initTimeoutMs = options.initTimeoutMs ?? 5_000;
    this.maxSubscriptions = options.maxSubscriptions ?? 20;
    this.checker = setInterval(() => void this.check(), options.checkEveryMs ?? 2_000);
    this.checker.unref();
  }

  /** A new socket (before any message): starts its connection_init clock, translates its errors. */
  watch(socket: WebSocket): void {
    const initTimer = setTimeout(() => {
      if (!this.sockets.get(socket)?.initialized) socket.close(CLOSE.initTimeout, INIT_TIMEOUT_REASON);
    }, this.initTimeoutMs);
    initTimer.unref();
    this.sockets.set(socket, { initialized: false, initTimer, operations: new Set() });
    socket.once('close', () => {
      clearTimeout(initTimer);
      this.sockets.delete(socket);
    });
    this.interceptSend(socket);
  }

  /** connection_init arrived. A second one is a protocol error (and would stack keep-alive timers). */
  initializing(socket: WebSocket): void {
    const state = this.sockets.get(socket);
    if (!state) return;
    if (state.initialized) {
      socket.close(CLOSE.tooManyInits, 'connection_init ya se recibió');
      throw new SubscriptionRefused('connection_init ya se recibió');
    }
    state.initialized = true;
    clearTimeout(state.initTimer);
  }

  /** The socket authenticated as this session. */
  bind(socket: WebSocket, userId: number, sessionId: string): void {
    const state = this.sockets.get(socket);
    if (!state) return;
    state.userId = userId;
    state.sessionId = sessionId;
  }

  /** A subscription starts: refused over the cap; a repeated id closes the socket (graphql-ws 4409). */
  startOperation(socket: WebSocket, id: unknown): void {
    const state = this.sockets.get(socket);
    if (!state || state.sessionId === undefined) throw new SubscriptionRefused(SESSION_ENDED_REASON);
    const key = String(id);
    if (state.operations.has(key)) {
      socket.close(CLOSE.duplicateId, `Ya hay una suscripción con el id ${key.slice(0, 40)}`);
      throw new SubscriptionRefused(`Ya hay una suscripción con el id ${key}`);
    }
    if (state.operations.size >= this.maxSubscriptions) {
      throw new SubscriptionRefused(
        `Demasiadas suscripciones en esta conexión: el máximo es ${this.maxSubscriptions}`,
      );
    }
    state.operations.add(key);
  }

  /** Subscriptions running on all sockets (for /metrics). */
  subscriptionCount(): number {
    let count = 0;
    for (const state of this.sockets.values()) count += state.operations.size;
    return count;
  }

  endOperation(socket: WebSocket, id: unknown): void {
    this.sockets.get(socket)?.operations.delete(String(id));
  }

  /** Closes the sockets of one session (logout). */
  endSession(sessionId: string): void {
    for (const [socket, state] of this.sockets) {
      if (state.sessionId === sessionId) socket.close(CLOSE.sessionEnded, SESSION_ENDED_REASON);
    }
  }

  /** Closes every socket of a user, but the one session kept (its own password change). */
  endUserSessions(userId: number, keepSessionId?: string): void {
    for (const [socket, state] of this.sockets) {
      if (state.userId === userId && state.sessionId !== keepSessionId) {
        socket.close(CLOSE.sessionEnded, SESSION_ENDED_REASON);
      }
    }
  }

  /** Checks every bound socket's session in one query; closes the ones whose session is gone. */
  async check(): Promise<void> {
    if (this.checking) return;
    const ids = new Set<string>();
    for (const state of this.sockets.values()) if (state.sessionId) ids.add(state.sessionId);
    if (ids.size === 0) return;
    this.checking = true;
    try {
      const live = await this.options.liveSessions([...ids]);
      for (const [socket, state] of this.sockets) {
        if (state.sessionId && !live.has(state.sessionId)) {
          socket.close(CLOSE.sessionEnded, SESSION_ENDED_REASON);
        }
      }
    } catch (error) {
      // Database unreachable: keep the sockets; the next check decides.
      this.options.onError?.(error);
    } finally {
      this.checking = false;
    }
  }

  stop(): void {
    clearInterval(this.checker);
  }

  /**
   * mercurius' `subscription` options: connection_init is counted and authenticated, and the socket
   * is bound to the token's session. The socket reaches onConnect as `this` (mercurius calls it as a
   * method of its connection object); without it the connection is refused (fail closed).
   */
  subscriptionOptions(
    authenticate: (
      token: string,
    ) => Promise<{ id: number; sessionId: string; roles?: readonly { name: string }[] } | null>,
  ) {
    const bind = (socket: WebSocket, userId: number, sessionId: string) =>
      this.bind(socket, userId, sessionId);
    return {
      context: (socket: WebSocket) => {
        this.initializing(socket);
        return { socket };
      },
      onConnect: async function (this: { socket?: WebSocket } | undefined, data: { payload?: unknown }) {
        const socket = this?.socket;
        const token = (data.payload as { token?: unknown } | undefined)?.token;
        if (!socket || typeof token !== 'string' || token.length >= 2000) return false;
        const viewer = await authenticate(token);
        if (!viewer || socket.readyState !== socket.OPEN) return false;
        bind(socket, viewer.id, viewer.sessionId);
        // The roles hold for the socket's life: a role change ends the session, and the socket with it.
        return { viewerId: viewer.id, sessionId: viewer.sessionId, viewerRoles: viewer.roles ?? [] };
      },
    };
  }

  /** Hooks into the app once mercurius is registered: new sockets, subscription start and end. */
  attach(app: FastifyInstance): void {
    app.websocketServer.on('connection', (socket: WebSocket) => this.watch(socket));
    // The same context object goes through both hooks of one subscribe; parsing is skipped when
    // the query is not a string, so execution counts those.
    const counted = new WeakSet<object>();
    app.graphql.addHook('preSubscriptionParsing', (_schema, _source, context, id) => {
      this.startOperation((context as unknown as { socket: WebSocket }).socket, id);
      counted.add(context);
    });
    app.graphql.addHook('preSubscriptionExecution', (_schema, _document, context, id) => {
      if (!counted.has(context))
        this.startOperation((context as unknown as { socket: WebSocket }).socket, id);
    });
    app.graphql.addHook('onSubscriptionEnd', (context, id) => {
      this.endOperation((context as unknown as { socket: WebSocket }).socket, id);
    });
    app.addHook('onClose', async () => this.stop());
  }

  /**
   * mercurius answers protocol problems in English ("Forbidden", "Invalid payload type"...): the
   * outgoing error messages are translated here, and an operation that ends (complete or error)
   * frees its place under the cap.
   */
  private interceptSend(socket: WebSocket): void {
    const send = socket.send.bind(socket) as (data: unknown, ...rest: unknown[]) => void;
    const patched = (data: unknown, ...rest: unknown[]) =>
      send(typeof data === 'string' ? this.outgoing(socket, data) : data, ...rest);
    socket.send = patched as WebSocket['send'];
  }

  private outgoing(socket: WebSocket, raw: string): string {
    if (!/^\{"type":"(error|connection_error|complete)"/.test(raw)) return raw;
    let message: { type: string; id?: unknown; payload?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      return raw;
    }
    if (message.type === 'complete' || message.type === 'error') this.endOperation(socket, message.id);
    if (message.type === 'complete') return raw;
    const translate = (item: unknown) =>
      item && typeof item === 'object' && typeof (item as { message?: unknown }).message === 'string'
        ? { ...item, message: translateWsMessage((item as { message: string }).message) }
        : item;
    const payload = Array.isArray(message.payload)
      ? message.payload.map(translate)
      : translate(message.payload);
    return JSON.stringify({ ...message, payload });
  }
}

const MERCURIUS_MESSAGES: [RegExp, string][] = [
  [/^Forbidden$/, 'No autorizado: envíe un token de acceso válido en connection_init ({ token })'],
  [/^Connection has not been established yet\.?$/, 'Envíe connection_init antes de suscribirse'],
  [/^Connection is not ready$/, 'Envíe connection_init antes de suscribirse'],
  [/^Message must be a JSON string$/, 'El mensaje debe ser JSON'],
  [/^Invalid payload type$/, 'Tipo de mensaje no válido'],
  [/^Invalid message received/, 'Mensaje no válido'],
  [/^Unknown extension/, 'Extensión desconocida'],
  [/^Invalid operation: (query|mutation)/, 'Por websocket solo se admiten suscripciones'],
  [/^Invalid operation/, 'Operación no válida'],
  [/^Must provide document\.?$/, 'Falta la consulta GraphQL (query)'],
  [/^Graphql validation error$/, 'Consulta GraphQL no válida'],
];

/** Spanish for the English messages mercurius and graphql-js send over websockets. */
export function translateWsMessage(message: string): string {
  for (const [pattern, spanish] of MERCURIUS_MESSAGES) if (pattern.test(message)) return spanish;
  if (
    /^(Syntax Error|Cannot query field|Unknown (argument|type|operation)|Field "|Variable "|Expected |Must provide|(Int|Float|String|Boolean|ID) cannot)/.test(
      message,
    )
  ) {
    return translateGraphQLMessage(message);
  }
  return message;
}
