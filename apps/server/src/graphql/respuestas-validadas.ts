import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Kind, parse } from 'graphql';
import {
  generacionDe,
  type LecturaValidada,
  leerHuella,
  type RegistroDeLecturas,
  registroDeLecturas,
} from '../db/cache-validado.ts';
import { compressText, type Encoding, encodingFor, sendCompressed } from '../http/compression.ts';
import { type Autenticador, bearerToken } from './context.ts';

/** What the key of a kept answer needs of the user (modules/auth's Viewer has it). */
interface Usuario {
  id: number;
  roles: readonly { id: number }[];
}

/**
 * Whole GraphQL answers served again while the rows behind them are unchanged: the dashboards'
 * long reads (a line-day of minutes, months of daily values) asked again by every screen that
 * shows them, every refresh and every user. The resolvers already read through `CacheValidado`
 * (db/cache-validado.ts), which checks the rows' fingerprint before answering from memory; each
 * check is recorded for the request (`registroDeLecturas`). When every root field of a query is
 * one of `CAMPOS` and its answer has no errors, the answer's JSON is kept with those fingerprints,
 * keyed by the user, their roles, the document and the variables. The same request again runs
 * the same fingerprint statements and, when all match, gets the same bytes without executing the
 * query nor serializing it again (DESIGN §8: GraphQL within 1.3× of the SQL it runs); on the
 * embedded database a fingerprint found matching since its last write needs no statement. A change to
 * the rows, a user's roles or the document misses; a user whose session ended never gets here.
 * A kept answer is also kept compressed, once per encoding a client asked it in: compressing a
 * line-day of 5,000 points again for every request was two thirds of what serving it cost (four
 * such requests at once held the event loop over 100 ms on a slow 2-core machine).
 */

/** Root fields whose answer is a function of the arguments, the viewer and CacheValidado reads only. */
const CAMPOS = new Set([
  'scadaLinea',
  'scadaLinea4',
  'historicosVariables',
  'historicosVariable',
  'historicosSeries',
]);
/** Bytes of answers kept at most (least recently used go first). */
const MAX_BYTES = 32 * 1024 * 1024;

interface Peticion extends RegistroDeLecturas {
  clave: string;
}

export interface Guardada {
  clave: string;
  cuerpo: string;
  /** The answer's length in UTF-8 bytes (what the compression threshold reads). */
  longitud: number;
  lecturas: LecturaValidada[];
  /** What it holds of the bytes bound: the text (two bytes a character), its key, its compressed copies. */
  bytes: number;
  /** The answer compressed, by encoding, made when first asked so (zlib's thread pool). */
  comprimidas: Partial<Record<Encoding, Promise<Buffer>>>;
}

interface Cuerpo {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/** Whether the text names a kept field at all (most requests do not: nothing more is done for them). */
const nombraCampos = (query: string) => [...CAMPOS].some((campo) => query.includes(campo));

/** Only queries whose root fields are all in CAMPOS (fragments and directives at the root: no). */
function esGuardable(query: string, operationName: unknown): boolean {
  let documento;
  try {
    documento = parse(query);
  } catch {
    return false;
  }
  const operaciones = documento.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const operacion =
    operaciones.length === 1
      ? operaciones[0]
      : operaciones.find((o) => typeof operationName === 'string' && o.name?.value === operationName);
  if (!operacion || operacion.operation !== 'query') return false;
  return operacion.selectionSet.selections.every(
    (s) =>
      s.kind === Kind.FIELD &&
      !s.directives?.length &&
      (CAMPOS.has(s.name.value) || s.name.value === '__typename'),
  );
}

/**
 * esGuardable's verdicts by document (a screen sends the same few documents, each range again): at
 * most 500 documents of up to 8 KB each are remembered (4 MB), longer ones are parsed every time.
 */
const VEREDICTOS_MAX = 500;
const VEREDICTO_MAX_CHARS = 8 * 1024;
const veredictos = new Map<string, boolean>();

function esGuardableRecordado(query: string, operationName: unknown): boolean {
  if (query.length > VEREDICTO_MAX_CHARS) return esGuardable(query, operationName);
  const clave = `${typeof operationName === 'string' ? operationName.slice(0, 200) : ''}\u0000${query}`;
  let veredicto = veredictos.get(clave);
  if (veredicto === undefined) {
    veredicto = esGuardable(query, operationName);
    if (veredictos.size >= VEREDICTOS_MAX) veredictos.delete(veredictos.keys().next().value!);
    veredictos.set(clave, veredicto);
  }
  return veredicto;
}

const claveDe = (viewer: Usuario, cuerpo: Cuerpo & { query: string }) =>
  JSON.stringify([
    viewer.id,
    viewer.roles.map((r) => r.id).sort((a, b) => a - b),
    cuerpo.operationName ?? null,
    cuerpo.query,
    cuerpo.variables ?? null,
  ]);

export class RespuestasValidadas {
  private readonly guardadas = new Map<string, Guardada>();
  private bytes = 0;
  /** Answers served again since the start. */
  aciertos = 0;
  /** Kept answers compressed since the start (one per answer and encoding asked). */
  compresiones = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** The kept answer of `clave` when every fingerprint it depends on still matches, else null. */
  async vigente(clave: string): Promise<Guardada | null> {
    const guardada = this.guardadas.get(clave);
    if (!guardada) return null;
    for (const lectura of guardada.lecturas) {
      const generacion = generacionDe(lectura.db);
      if (generacion !== undefined && generacion === lectura.generacion) continue;
      if ((await leerHuella(lectura.db, lectura.huella)) !== lectura.firma) {
        this.quitar(clave);
        return null;
      }
      lectura.generacion = generacion;
    }
    this.guardadas.delete(clave); // most recently used last
    this.guardadas.set(clave, guardada);
    this.aciertos++;
    return guardada;
  }

  guardar(clave: string, cuerpo: string, lecturas: LecturaValidada[]): void {
    this.quitar(clave);
    const bytes = cuerpo.length * 2 + clave.length * 2;
    if (bytes > this.maxBytes) return;
    this.guardadas.set(clave, {
      clave,
      cuerpo,
      longitud: Buffer.byteLength(cuerpo),
      lecturas,
      bytes,
      comprimidas: {},
    });
    this.bytes += bytes;
    this.recortar();
  }

  /**
   * The kept answer compressed as `encoding`: compressed when first asked (requests meanwhile wait
   * for the same work), then the same bytes. Counted in the bound while the answer is kept.
   */
  comprimida(guardada: Guardada, encoding: Encoding): Promise<Buffer> {
    let comprimida = guardada.comprimidas[encoding];
    if (!comprimida) {
      comprimida = compressText(guardada.cuerpo, encoding);
      guardada.comprimidas[encoding] = comprimida;
      this.compresiones++;
      comprimida.then(
        (buffer) => {
          guardada.bytes += buffer.length;
          if (this.guardadas.get(guardada.clave) !== guardada) return; // gone meanwhile
          this.bytes += buffer.length;
          this.recortar();
        },
        () => delete guardada.comprimidas[encoding],
      );
    }
    return comprimida;
  }

  /** The least recently used go until the kept bytes fit the bound. */
  private recortar(): void {
    for (const [vieja, { bytes: b }] of this.guardadas) {
      if (this.bytes <= this.maxBytes) break;
      this.guardadas.delete(vieja);
      this.bytes -= b;
    }
  }

  private quitar(clave: string): void {
    const anterior = this.guardadas.get(clave);
    if (!anterior) return;
    this.guardadas.delete(clave);
    this.bytes -= anterior.bytes;
  }

  /** Answers kept (tests). */
  get tamano(): number {
    return this.guardadas.size;
  }
}

const esGraphQL = (request: FastifyRequest) =>
  request.method === 'POST' && request.url.split('?')[0] === '/graphql';

/**
 * The hooks on POST /graphql, registered after the request gate (its limits apply to every
 * request) and before mercurius: a kept answer still valid is sent at once; any other request runs
 * with its reads recorded, and its answer is kept if it may be.
 */
export function registerRespuestasValidadas(
  app: FastifyInstance,
  auth: Autenticador<Usuario>,
): RespuestasValidadas {
  const respuestas = new RespuestasValidadas();
  const peticiones = new WeakMap<FastifyRequest, Peticion>();

  app.addHook('preHandler', async (request, reply) => {
    if (!esGraphQL(request)) return;
    const cuerpo = request.body as Cuerpo | undefined;
    const token = bearerToken(request);
    if (typeof cuerpo?.query !== 'string' || !token || !nombraCampos(cuerpo.query)) return;
    const viewer = await auth.authenticate(token);
    if (!viewer) return;
    const clave = claveDe(viewer, cuerpo as Cuerpo & { query: string });
    const guardada = await respuestas.vigente(clave);
    if (guardada !== null) {
      request.usuarioId = viewer.id;
      reply.header('content-type', 'application/json; charset=utf-8');
      const encoding = encodingFor(request, guardada.longitud);
      if (encoding) {
        const bytes = await respuestas.comprimida(guardada, encoding).catch((error: unknown) => {
          request.log.warn(
            { err: error },
            'respuesta guardada: no se pudo comprimir; se envía sin comprimir',
          );
          return null;
        });
        if (bytes) return sendCompressed(reply, bytes, encoding);
      }
      return reply.send(guardada.cuerpo);
    }
    if (esGuardableRecordado(cuerpo.query, cuerpo.operationName)) {
      peticiones.set(request, { lecturas: [], guardable: true, clave });
    }
  });
  // Callback style: the rest of the request (mercurius and the resolvers) runs inside run().
  app.addHook('preHandler', (request, _reply, done) => {
    const peticion = peticiones.get(request);
    if (peticion) registroDeLecturas.run(peticion, done);
    else done();
  });
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const peticion = peticiones.get(request);
    if (!peticion) return payload;
    peticiones.delete(request);
    const respuesta = payload as { errors?: unknown[] } | null;
    if (
      peticion.guardable &&
      peticion.lecturas.length > 0 &&
      reply.statusCode === 200 &&
      respuesta &&
      !respuesta.errors?.length
    ) {
      const cuerpo = JSON.stringify(payload);
      respuestas.guardar(peticion.clave, cuerpo, peticion.lecturas);
      // Serialized once: this string is what fastify sends.
      reply.serializer(() => cuerpo);
    }
    return payload;
  });
  return respuestas;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whole GraphQL answers kept while their rows are unchanged (tests read its counters). */
    respuestasValidadas: RespuestasValidadas;
  }
}
