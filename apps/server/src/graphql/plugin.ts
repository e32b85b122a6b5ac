import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import { defaultFieldResolver, type GraphQLSchema, Kind } from 'graphql';
import mercurius, { type IResolvers, type MercuriusContext } from 'mercurius';
import type { SocketSessions } from '../live/socket-sessions.ts';
import { type Autenticador, buildContext } from './context.ts';
import type { CostTable } from './costos.ts';
import { buildErrorFormatter } from './errors.ts';
import { registerRequestGate } from './gate.ts';
import { GRAPHQL_LIMITS, limitRules } from './limits.ts';
import { registerRespuestasValidadas } from './respuestas-validadas.ts';
import { DateScalar, DateTimeScalar } from './scalars.ts';

/** Largest websocket message accepted (a graphql-ws subscribe message is a few hundred bytes). */
export const WS_MAX_PAYLOAD = 64 * 1024;

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The schema: base.graphql plus every module's <area>.graphql, in a stable order. */
export function loadSchema(): string {
  const files = [path.join(srcDir, 'graphql', 'base.graphql')];
  for (const area of fs.readdirSync(path.join(srcDir, 'modules')).sort()) {
    const file = path.join(srcDir, 'modules', area, `${area}.graphql`);
    if (fs.existsSync(file)) files.push(file);
  }
  return files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
}

function mergeResolvers(parts: IResolvers[]): IResolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const part of parts) {
    for (const [type, fields] of Object.entries(part)) {
      merged[type] = { ...merged[type], ...(fields as Record<string, unknown>) };
    }
  }
  return merged as IResolvers;
}

/**
 * What this layer needs of modules/auth (AuthService) and modules/audit (AuditRepository), which
 * app.ts passes in: graphql/ imports no module (the layer rules, .dependency-cruiser.cjs).
 */
export interface GraphQLDeps {
  auth: Autenticador<{ id: number; sessionId: string; roles: readonly { id: number; name: string }[] }> & {
    /** Forgets the sessions taken as checked (after a mutation: it may end or change one). */
    olvidarSesiones(): void;
  };
  audit: {
    record(entry: {
      action: 'authorization_denied';
      actorId: number | null;
      ip: string;
      details: Record<string, unknown>;
    }): Promise<void>;
  };
  resolvers: IResolvers[];
  /** The cost of the list fields by Type.field, every module's (modules/costos.ts). */
  costos: CostTable;
  introspection: boolean;
  sockets: SocketSessions;
  /**
   * A rule over every root field, before its resolver (the operators' allow-list,
   * modules/auth/operador.ts): throws to refuse.
   */
  puerta?: (llamada: LlamadaRaiz) => Promise<void> | void;
}

/** A call of a root field as the central gate sees it (args coerced; the request's or socket's context). */
export interface LlamadaRaiz {
  tipo: 'Query' | 'Mutation' | 'Subscription';
  campo: string;
  args: Record<string, unknown>;
  contexto: object;
}

/**
 * Puts `puerta` before every root field of the schema: Query and Mutation resolvers and
 * Subscription subscribe functions, fields without a resolver of their own included, so a field
 * added later is behind it by default.
 */
function envolverRaices(schema: GraphQLSchema, puerta: (llamada: LlamadaRaiz) => Promise<void> | void): void {
  const tipos = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  for (const type of tipos) {
    if (!type) continue;
    const tipo = type.name as LlamadaRaiz['tipo'];
    for (const field of Object.values(type.getFields())) {
      const campo = field.name;
      if (tipo === 'Subscription') {
        const subscribe = field.subscribe;
        if (!subscribe) continue;
        // Without a wait when the gate decides at once: the subscription is listening as soon as
        // mercurius answers the subscribe, as without the gate.
        field.subscribe = (root, args, contexto, info) => {
          const paso = puerta({ tipo, campo, args, contexto: contexto as object });
          return paso
            ? paso.then(() => subscribe(root, args, contexto, info))
            : subscribe(root, args, contexto, info);
        };
      } else {
        const resolve = field.resolve ?? defaultFieldResolver;
        field.resolve = async (root, args, contexto, info) => {
          await puerta({ tipo, campo, args, contexto: contexto as object });
          return resolve(root, args, contexto, info);
        };
      }
    }
  }
}

export async function registerGraphQL(app: FastifyInstance, deps: GraphQLDeps): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.url === '/graphql') route.bodyLimit = GRAPHQL_LIMITS.maxBodyBytes;
  });
  // Token, field, string and list-weighted cost checks before mercurius validates; response size cap.
  registerRequestGate(app, () => app.graphql.schema, deps.costos);
  // The dashboards' long reads asked again with their rows unchanged: the same answer at once.
  app.decorate('respuestasValidadas', registerRespuestasValidadas(app, deps.auth));
  // The websocket server of the subscriptions, registered here (mercurius would register it with a
  // 1 MB message limit): graphql-ws messages are small, so anything over 64 KB closes the socket.
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: WS_MAX_PAYLOAD,
      // The upgrade's Origin is checked before this, in http/security.ts (same rule as CORS).
    },
  });
  await app.register(mercurius, {
    schema: loadSchema(),
    resolvers: mergeResolvers([
      { Date: DateScalar, DateTime: DateTimeScalar } as IResolvers,
      ...deps.resolvers,
    ]),
    context: buildContext(deps.auth),
    path: '/graphql',
    graphiql: deps.introspection,
    jit: 1,
    allowBatchedQueries: false,
    validationRules: limitRules(deps.introspection),
    subscription: {
      keepAlive: 15_000,
      // The token goes in connection_init ({ token }); no token, no subscription. The socket is
      // bound to the token's session and ends with it (live/socket-sessions.ts).
      ...deps.sockets.subscriptionOptions((token) => deps.auth.authenticate(token)),
    },
    errorFormatter: buildErrorFormatter({
      onForbidden: (ctx, error) => {
        void ctx
          .viewer()
          .then((viewer) =>
            deps.audit.record({
              action: 'authorization_denied',
              actorId: viewer?.id ?? null,
              ip: ctx.client.ip,
              details: { message: error.message },
            }),
          )
          .catch((err: unknown) => ctx.app.log.warn({ err }, 'no se pudo registrar la auditoría'));
      },
    }),
  });
  if (deps.puerta) envolverRaices(app.graphql.schema, deps.puerta);
  // A mutation may end or change a session (a logout, a revoked session, a user's roles or state):
  // the sessions this server took as checked are forgotten before its answer leaves.
  const mutaciones = new WeakSet<MercuriusContext>();
  app.graphql.addHook('preExecution', async (_schema, document, context) => {
    if (document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'mutation'))
      mutaciones.add(context);
  });
  app.graphql.addHook('onResolution', async (_execution, context) => {
    if (mutaciones.delete(context)) deps.auth.olvidarSesiones();
  });
  deps.sockets.attach(app);
}
