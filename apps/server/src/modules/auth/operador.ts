import type { FastifyInstance } from 'fastify';
import { isOperador } from '@planta/domain';
import { forbidden } from '../../errors.ts';
import { bearerToken } from '../../graphql/context.ts';
import type { LlamadaRaiz } from '../../graphql/plugin.ts';
import type { LineaOperadorRecord, UsersRepository } from '../users/users.repository.ts';
import type { AuthService } from './auth.service.ts';

/** Which argument of an allowed field names a line, and whether by lineas.id or by numero. */
interface ArgumentoLinea {
  arg: string;
  por: 'id' | 'numero';
}

const porId = (arg = 'linea_id'): ArgumentoLinea => ({ arg, por: 'id' });
const porNumero = (arg = 'linea'): ArgumentoLinea => ({ arg, por: 'numero' });

/**
 * The root fields an operator (role operador) may call, and nothing else: their session, /paros,
 * the header's bell and what /fabrica/lineas reads. Where an argument names a line, it must be one
 * of theirs. Every other field (a new one too) answers FORBIDDEN to an operator; the role matrix
 * test (apps/server/test/operadores-roles.test.ts) tries each field of the schema against this list.
 */
export const PERMITIDOS_OPERADOR: Readonly<Record<string, ArgumentoLinea | null>> = {
  // The session.
  'Query.me': null,
  'Mutation.login': null,
  'Mutation.logout': null,
  'Mutation.refreshToken': null,
  'Mutation.updatePassword': null,
  // /paros.
  'Query.parosTurno': porId(),
  'Subscription.parosLinea': porId(),
  'Mutation.asignarMotivoParo': null,
  'Mutation.dividirParo': null,
  'Query.motivosParo': porId(),
  'Query.categoriasParo': null,
  'Query.umbralesMicroparo': null,
  'Query.turnosHorario': null,
  // The header: the bell and the plant's clock.
  'Query.notificaciones': null,
  'Query.notificacionesNoLeidas': null,
  'Mutation.marcarNotificacionesLeidas': null,
  'Subscription.notificacionesNoLeidas': null,
  'Query.calendarioPlanta': null,
  'Query.conexionPlantaActual': null,
  'Subscription.conexionPlanta': null,
  // /fabrica/lineas.
  'Query.lineas': null,
  'Query.lineaEnVivoActual': porNumero(),
  'Subscription.lineaEnVivo': porNumero(),
  'Query.scadaLinea': porNumero(),
  'Query.scadaHistorico': porNumero(),
  'Query.tiempoActividad': porNumero(),
  'Query.productoPresentacion': porNumero(),
};

export const OPERADOR_NO_PERMITIDO = 'Su rol de operador no permite esta consulta.';

/** What the gate needs of a request's or a subscription's context. */
interface ContextoConViewer {
  /** A request's (graphql/context.ts). */
  viewer?: () => Promise<{ id: number; roles: readonly { name: string }[] } | null>;
  /** A subscription's: who connected and their roles (live/socket-sessions.ts). */
  viewerId?: number;
  viewerRoles?: readonly { name: string }[];
}

/**
 * The operator gate over every root field (graphql/plugin.ts wraps each with it): others pass; an
 * operator only the allow-list, and only their lines where an argument names one. A request reads
 * the operator's lines once; a subscription reads them when it starts (a later change of their
 * lines is seen by the next subscription).
 */
export function puertaOperador(
  users: Pick<UsersRepository, 'lineasDeOperador'>,
): (llamada: LlamadaRaiz) => Promise<void> | void {
  const lineasPorPeticion = new WeakMap<object, Promise<LineaOperadorRecord[]>>();
  const comprobar = async (
    viewer: { id: number; roles: readonly { name: string }[] } | null,
    { tipo, campo, args, contexto }: LlamadaRaiz,
  ) => {
    const ctx = contexto as ContextoConViewer;
    // No session: the field's own resolver answers (UNAUTHENTICATED, or login).
    if (!viewer || !isOperador(viewer)) return;
    const clave = `${tipo}.${campo}`;
    if (!Object.hasOwn(PERMITIDOS_OPERADOR, clave)) throw forbidden(OPERADOR_NO_PERMITIDO);
    const linea = PERMITIDOS_OPERADOR[clave];
    const valor = linea ? args[linea.arg] : undefined;
    if (!linea || valor === undefined || valor === null) return;
    let lineas: Promise<LineaOperadorRecord[]>;
    if (typeof ctx.viewer === 'function') {
      lineas = lineasPorPeticion.get(contexto) ?? users.lineasDeOperador(viewer.id);
      lineasPorPeticion.set(contexto, lineas);
    } else {
      lineas = users.lineasDeOperador(viewer.id);
    }
    const suyas = await lineas;
    const buscada = Number(valor);
    if (!suyas.some((l) => (linea.por === 'id' ? l.id : l.numero) === buscada)) {
      throw forbidden(
        linea.por === 'id'
          ? `El campo "${linea.arg}": la línea no es una de sus líneas de operador.`
          : `El campo "${linea.arg}": la línea ${buscada} no es una de sus líneas de operador.`,
      );
    }
  };
  return (llamada) => {
    if (llamada.campo.startsWith('__')) return;
    const ctx = llamada.contexto as ContextoConViewer;
    if (typeof ctx.viewer === 'function') return ctx.viewer().then((viewer) => comprobar(viewer, llamada));
    // A subscription: its roles came with connection_init; only an operator's needs more.
    if (typeof ctx.viewerId !== 'number' || !isOperador({ roles: ctx.viewerRoles ?? [] })) return;
    return comprobar({ id: ctx.viewerId, roles: ctx.viewerRoles ?? [] }, llamada);
  };
}

/**
 * The REST routes (/api/…: exports, efficiencies, imports) refuse an operator with 403: none of
 * them is for the line. A request without a valid session goes on to the route's own 401.
 */
export function registerOperadorRestGuard(
  app: FastifyInstance,
  auth: Pick<AuthService, 'authenticate'>,
): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    const viewer = token ? await auth.authenticate(token) : null;
    if (viewer && isOperador(viewer)) {
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .send({ error: 'Su rol de operador no permite esta operación.', code: 'FORBIDDEN' });
    }
  });
}
