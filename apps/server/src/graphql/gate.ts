import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type ASTNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  getArgumentValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  parse,
  visit,
} from 'graphql';
import { MAX_RANGE_DAYS, parseIntervalMinutes } from '../time-range.ts';
import { GRAPHQL_LIMITS } from './limits.ts';
import { MAX_CELDAS_SCADA, MAX_DIAS_AGRUPACION } from '../limites-api.ts';

/**
 * The request gate: cheap checks that run on every GraphQL request before mercurius validates
 * (validation is quadratic in repeated fields) or executes it. One bounded parse (token limit,
 * cached), then: selection count, strings PostgreSQL cannot store, subscriptions over HTTP, and a
 * cost that weighs list sizes with the real argument values (variables included), with per-field
 * caps on points and ranges. Every refusal is a Spanish 400 naming the argument when there is one.
 */

export interface Rejection {
  message: string;
  code: 'BAD_USER_INPUT' | 'GRAPHQL_VALIDATION_FAILED';
  field?: string;
}

class GateRejection extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.message);
  }
}

const reject = (message: string, field?: string): never => {
  throw new GateRejection({ message, code: 'BAD_USER_INPUT', ...(field && { field }) });
};

/** NUL (PostgreSQL text cannot hold it) and UTF-16 surrogates without their pair (not Unicode). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const BAD_CHARS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const badCharsMessage = (field: string) =>
  `El campo "${field}" contiene caracteres no válidos (NUL o sustitutos UTF-16 sueltos)`;

export function hasBadChars(text: string): boolean {
  return BAD_CHARS.test(text);
}

// ------------------------------------------------------------------------------------- parse

interface Parsed {
  document?: DocumentNode;
  rejection?: Rejection;
}

const PARSE_CACHE_SIZE = 500;
const parseCache = new Map<string, Parsed>();

function nearestName(ancestors: readonly (ASTNode | readonly ASTNode[])[]): string {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const node = ancestors[i] as ASTNode;
    if (node.kind === Kind.ARGUMENT || node.kind === Kind.OBJECT_FIELD) return node.name.value;
    if (node.kind === Kind.VARIABLE_DEFINITION) return node.variable.name.value;
  }
  return 'consulta';
}

function parseAndCheck(query: string): Parsed {
  if (query.length > GRAPHQL_LIMITS.maxQueryChars) {
    return {
      rejection: {
        message: `La consulta es demasiado larga (máximo ${GRAPHQL_LIMITS.maxQueryChars} caracteres)`,
        code: 'GRAPHQL_VALIDATION_FAILED',
      },
    };
  }
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: GRAPHQL_LIMITS.maxTokens, noLocation: true });
  } catch (error) {
    if (error instanceof Error && /contains more th\w* \d+ tokens/.test(error.message)) {
      return {
        rejection: {
          message: 'La consulta tiene demasiados elementos (límite de tokens)',
          code: 'GRAPHQL_VALIDATION_FAILED',
        },
      };
    }
    return {}; // syntax errors: mercurius reports them the usual (translated) way
  }
  let selections = 0;
  let badString: string | undefined;
  visit(document, {
    Field: () => void selections++,
    FragmentSpread: () => void selections++,
    InlineFragment: () => void selections++,
    StringValue: (node, _key, parent, _path, ancestors) => {
      if (badString === undefined && hasBadChars(node.value)) {
        badString = nearestName([...ancestors, parent as ASTNode]);
      }
    },
  });
  if (selections > GRAPHQL_LIMITS.maxSelections) {
    return {
      rejection: {
        message: `La consulta pide demasiados campos (${selections}; máximo ${GRAPHQL_LIMITS.maxSelections})`,
        code: 'GRAPHQL_VALIDATION_FAILED',
      },
    };
  }
  if (badString !== undefined) {
    return { rejection: { message: badCharsMessage(badString), code: 'BAD_USER_INPUT', field: badString } };
  }
  return { document };
}

function parseCached(query: string): Parsed {
  const hit = parseCache.get(query);
  if (hit) {
    // LRU: move to the newest end.
    parseCache.delete(query);
    parseCache.set(query, hit);
    return hit;
  }
  const parsed = parseAndCheck(query);
  parseCache.set(query, parsed);
  if (parseCache.size > PARSE_CACHE_SIZE) parseCache.delete(parseCache.keys().next().value as string);
  return parsed;
}

// --------------------------------------------------------------------------------- variables

/** The first string with bad characters in the variables, named by its innermost key. */
function badVariable(value: unknown, name: string, depth = 0): string | undefined {
  if (typeof value === 'string') return hasBadChars(value) ? name : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = badVariable(item, name, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasBadChars(key)) return name;
    const found = badVariable(item, key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

// -------------------------------------------------------------------------------------- cost

type Args = Record<string, unknown>;
/**
 * How many times a field's selection is repeated in the response, from its arguments: a number
 * for the field itself, or the size of the field (self) and of its list child named in CHILD_LISTS.
 */
type Estimate = (args: Args, field: string) => number | { self: number; child: number };

const DEFAULT_LIST_SIZE = 10;

function instantMinutes(args: Args, field: string): number {
  const { desde, hasta } = args;
  if (!(desde instanceof Date) || !(hasta instanceof Date)) return 1;
  const minutes = (hasta.getTime() - desde.getTime()) / 60_000;
  const maxDays = GRAPHQL_LIMITS.maxInstantRangeDays;
  if (minutes > maxDays * 1440) {
    reject(`El rango de fechas de ${field} no puede superar ${maxDays} días`, 'hasta');
  }
  return Math.max(1, Math.ceil(minutes));
}

function rangeDays(args: Args, field: string, maxDays = MAX_RANGE_DAYS): number {
  const { desde, hasta } = args;
  if (typeof desde !== 'string' || typeof hasta !== 'string') return 1;
  const days = (Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000;
  if (days > maxDays) reject(`El rango de fechas de ${field} no puede superar ${maxDays} días`, 'hasta');
  return Math.max(1, Math.floor(days) + 1);
}

const listLength = (value: unknown) => (Array.isArray(value) ? Math.max(1, value.length) : 1);

function scadaPoints(args: Args, field: string): number {
  const { minPuntos, maxPuntos } = GRAPHQL_LIMITS;
  const asked = args.max_puntos;
  if (asked !== null && asked !== undefined) {
    if (typeof asked !== 'number' || asked < minPuntos || asked > maxPuntos) {
      reject(
        `El argumento "max_puntos" de ${field} debe estar entre ${minPuntos} y ${maxPuntos}`,
        'max_puntos',
      );
    }
  }
  const points = typeof asked === 'number' ? asked : 2000;
  return Math.min(points, instantMinutes(args, field));
}

function reportRows(args: Args, field: string): number {
  const minutes = instantMinutes(args, field);
  let interval: number;
  try {
    interval = parseIntervalMinutes(args.intervalo);
  } catch {
    return 1; // the service answers the Spanish message about intervalo
  }
  const rows = Math.ceil(minutes / interval);
  const max = GRAPHQL_LIMITS.maxReportRows;
  if (rows > max) {
    reject(
      `El intervalo es demasiado corto para el rango: saldrían ${rows} filas (máximo ${max}). Elija un intervalo mayor.`,
      'intervalo',
    );
  }
  return Math.max(1, rows);
}

/** Fields whose list size follows from their arguments (or is known), by Type.field. */
const ESTIMATES: Record<string, Estimate> = {
  'Query.scadaLinea': scadaPoints,
  'Query.scadaLinea4': scadaPoints,
  'Query.contadoresHora': (a, f) => Math.ceil(instantMinutes(a, f) / 60) + 1,
  'Query.flujoAire': reportRows,
  'Query.reporteAire': reportRows,
  'Query.consumosUtilidades': (a, f) => ({ self: 1, child: rangeDays(a, f, 366) }),
  // Reads every minute of the range: weighed by its days (at most a month).
  'Query.fugasAire': (a, f) => {
    const days = Math.ceil(instantMinutes(a, f) / 1440);
    if (days > 31) reject(`El rango de fechas de ${f} no puede superar 31 días`, 'hasta');
    return days;
  },
  'Query.reporteAgua': (a, f) => ({
    self: 1,
    child: reportRows(a, f) * Math.ceil(Math.max(10, listLength(a.variables)) / 10),
  }),
  'Query.historicosVariable': (a, f) => rangeDays(a, f),
  'Query.historicosVariables': (a, f) => rangeDays(a, f) * listLength(a.ids),
  'Query.volumenDiario': (a, f) => rangeDays(a, f),
  'Query.scadaHistorico': (a, f) => rangeDays(a, f),
  'Query.mttrMttf': (a, f) => ({ self: listLength(a.nombres), child: rangeDays(a, f) }),
  // One row per line over at most 366 days (scans paros and the hourly rollup of the range).
  'Query.mantenimientoLineas': (a, f) => Math.ceil(rangeDays(a, f, 366) / 31) * 10,
  'Query.parosPareto': (a, f) =>
    Math.ceil(rangeDays(a, f, 366) / 31) * ((typeof a.limite === 'number' ? Math.min(a.limite, 30) : 15) + 1),
  'Query.horasExtraSemanal': (a, f) => Math.ceil(rangeDays(a, f, 366) / 7) * DEFAULT_LIST_SIZE,
  'Query.horasExtraDetalle': (a, f) => rangeDays(a, f, 366) * DEFAULT_LIST_SIZE,
  'Query.asistenciaRango': (a, f) => rangeDays(a, f, 366),
  'Query.horasExtraEmpleados': (a) =>
    typeof a.limite === 'number' ? Math.min(Math.max(a.limite, 1), 100) : 10,
  'Query.ausencias': () => 500,
  'Query.areasRrhh': () => 50,
  'Query.historicosNombres': (a) => listLength(a.nombres),
  'Query.resumenVariables': (a) => listLength(a.nombres),
  'Query.metas': () => 366,
  'Query.volumenMensual': () => 12,
  'Query.zeroWasteMensual': () => 13,
  'Query.notificaciones': () => 100,
  'Query.turnos': () => 1000,
  'Query.planificaciones': () => 500,
  'Query.variables': () => 200,
  'Query.empleados': () => 500,
  'Query.users': () => 100,
  'ObzPaquete.meses': () => 12,
  'Query.obzPaquetes': () => 50,
  // Rows of the counters report: buckets of the range × the lines asked for (a plant has a few).
  // Beyond the grouping's longest range the service refuses before reading, naming the limit.
  'Query.reporteContadores': (a, f) => {
    const agrupacion = a.agrupacion as keyof typeof MAX_DIAS_AGRUPACION;
    const dias = rangeDays(a, f, 366);
    if (dias > (MAX_DIAS_AGRUPACION[agrupacion] ?? 366)) return 1;
    const porDia = agrupacion === 'HORA' ? 24 : agrupacion === 'TURNO' ? 3 : 1;
    const lineas = Array.isArray(a.lineas) && a.lineas.length > 0 ? Math.min(a.lineas.length, 5) : 5;
    return dias * porDia * lineas;
  },
  // Rows of the SCADA report: buckets of the range. Over its cell limit the service refuses
  // before reading anything, with a message suggesting a larger interval: let it answer.
  'Query.reporteScada': (a, f) => {
    const minutos = { MINUTO: 1, QUINCE_MINUTOS: 15, HORA: 60, DIA: 1440 }[String(a.intervalo)] ?? 60;
    const filas = Math.ceil(instantMinutes(a, f) / minutos);
    return filas * listLength(a.variables) > MAX_CELDAS_SCADA ? 1 : Math.max(1, filas);
  },
  'Query.variablesScada': () => 200,
  'Query.exportaciones': () => 50,
  'PtaAcumulados.meses': () => 12,
};

/** Fields whose estimate sizes a list child (the points, rows), not the field itself. */
const CHILD_LISTS: Record<string, string> = {
  'Query.scadaLinea': 'lecturas',
  'Query.scadaLinea4': 'lecturas',
  'Query.reporteAire': 'filas',
  'Query.consumosUtilidades': 'dias',
  'Query.reporteAgua': 'filas',
  'Query.mttrMttf': 'puntos',
  'Query.reporteContadores': 'filas',
  'Query.reporteScada': 'filas',
};

interface CostContext {
  schema: GraphQLSchema;
  variables: Args;
  fragments: Map<string, FragmentDefinitionNode>;
  memo: Map<string, number>;
  visiting: Set<string>;
}

function fieldsOf(type: GraphQLNamedType | undefined | null) {
  return type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields() : undefined;
}

interface ChildSize {
  name: string;
  size: number;
}

/** The field's own repetition and, when its estimate sizes a list child, that child's. */
function sizes(
  ctx: CostContext,
  parent: string,
  def: GraphQLField<unknown, unknown>,
  node: FieldNode,
): { self: number; child?: ChildSize } {
  const coordinate = `${parent}.${def.name}`;
  const estimate = ESTIMATES[coordinate];
  const isList = isListType(getNullableType(def.type));
  if (!estimate) return { self: isList ? DEFAULT_LIST_SIZE : 1 };
  let args: Args;
  try {
    args = getArgumentValues(def, node, ctx.variables);
  } catch {
    return { self: 1 }; // invalid arguments: validation refuses the request before execution
  }
  const estimated = estimate(args, def.name);
  const childName = CHILD_LISTS[coordinate];
  if (typeof estimated === 'number') {
    return childName ? { self: 1, child: { name: childName, size: estimated } } : { self: estimated };
  }
  return { self: estimated.self, ...(childName && { child: { name: childName, size: estimated.child } }) };
}

function selectionCost(
  ctx: CostContext,
  set: SelectionSetNode,
  type: GraphQLNamedType | undefined,
  childSize?: ChildSize,
): number {
  const fields = fieldsOf(type);
  let total = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const def = fields?.[selection.name.value];
      if (!def || !type) continue; // unknown fields (and __typename) are validation's business
      const own =
        childSize && childSize.name === def.name
          ? { self: childSize.size }
          : sizes(ctx, type.name, def, selection);
      const child = selection.selectionSet
        ? selectionCost(
            ctx,
            selection.selectionSet,
            getNamedType(def.type),
            'child' in own ? own.child : undefined,
          )
        : 0;
      total += (1 + child) * own.self;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition
        ? ctx.schema.getType(selection.typeCondition.name.value)
        : type;
      total += selectionCost(ctx, selection.selectionSet, condition ?? undefined, childSize);
    } else {
      const name = selection.name.value;
      const fragment = ctx.fragments.get(name);
      if (!fragment || ctx.visiting.has(name)) continue; // cycles: validation refuses them
      // A fragment's cost depends on the list size handed down to it, so memoize per size.
      const key = childSize ? `${name}|${childSize.name}|${childSize.size}` : name;
      let cost = ctx.memo.get(key);
      if (cost === undefined) {
        ctx.visiting.add(name);
        cost = selectionCost(
          ctx,
          fragment.selectionSet,
          ctx.schema.getType(fragment.typeCondition.name.value) ?? undefined,
          childSize,
        );
        ctx.visiting.delete(name);
        ctx.memo.set(key, cost);
      }
      total += cost;
    }
  }
  return total;
}

/** Estimated number of values the operation can return (list sizes from the arguments). */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Args,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const root =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  const ctx: CostContext = { schema, variables, fragments, memo: new Map(), visiting: new Set() };
  return selectionCost(ctx, operation.selectionSet, root ?? undefined);
}

// ---------------------------------------------------------------------------------- the gate

export interface GraphQLRequestBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/** Checks a GraphQL request; returns the Spanish refusal, or undefined to let mercurius go on. */
export function checkRequest(schema: GraphQLSchema, body: GraphQLRequestBody): Rejection | undefined {
  const { query, operationName } = body;
  if (typeof query !== 'string') return undefined;
  const parsed = parseCached(query);
  if (parsed.rejection) return parsed.rejection;
  const document = parsed.document;
  if (!document) return undefined;

  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    typeof operationName === 'string' && operationName !== ''
      ? operations.find((o) => o.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
  if (!operation) return undefined;
  if (operation.operation === 'subscription') {
    return {
      message: 'Las suscripciones solo se admiten por websocket (graphql-ws), no por HTTP',
      code: 'GRAPHQL_VALIDATION_FAILED',
    };
  }

  const rawVariables = body.variables ?? {};
  if (typeof rawVariables !== 'object' || rawVariables === null || Array.isArray(rawVariables)) {
    return undefined; // mercurius answers the usual error
  }
  for (const [name, value] of Object.entries(rawVariables)) {
    const bad = hasBadChars(name) ? name : badVariable(value, name);
    if (bad !== undefined) return { message: badCharsMessage(bad), code: 'BAD_USER_INPUT', field: bad };
  }

  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables as Args, {
    maxErrors: 1,
  });
  if (coerced.errors) return undefined; // mercurius reports the coercion error, translated
  try {
    const cost = operationCost(schema, document, operation, coerced.coerced);
    if (cost > GRAPHQL_LIMITS.maxListCost) {
      return {
        message: `La consulta es demasiado costosa: pediría unos ${Math.round(cost)} valores (máximo ${GRAPHQL_LIMITS.maxListCost}). Pida menos puntos, un rango menor o menos alias.`,
        code: 'GRAPHQL_VALIDATION_FAILED',
      };
    }
  } catch (error) {
    if (error instanceof GateRejection) return error.rejection;
    throw error;
  }
  return undefined;
}

function requestBody(request: FastifyRequest): GraphQLRequestBody | undefined {
  if (request.method === 'POST') {
    const body = request.body;
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as GraphQLRequestBody)
      : undefined;
  }
  if (request.method === 'GET') {
    const params = (request.query ?? {}) as Record<string, unknown>;
    let variables: unknown = params.variables;
    if (typeof variables === 'string') {
      try {
        variables = JSON.parse(variables);
      } catch {
        return { query: params.query, operationName: params.operationName };
      }
    }
    return { query: params.query, variables, operationName: params.operationName };
  }
  return undefined;
}

const isGraphQLPath = (url: string) => url.split('?')[0] === '/graphql';

/** Registers the gate (preHandler of /graphql) and the response size cap (onSend). */
export function registerRequestGate(app: FastifyInstance, schema: () => GraphQLSchema): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!isGraphQLPath(request.url)) return;
    const body = requestBody(request);
    const rejection = body && checkRequest(schema(), body);
    if (rejection) {
      const { message, code, field } = rejection;
      return reply
        .code(400)
        .send({ data: null, errors: [{ message, extensions: { code, ...(field && { field }) } }] });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!isGraphQLPath(request.url)) return payload;
    const max = GRAPHQL_LIMITS.maxResponseBytes;
    // A large answer is encoded once, here: its length is then the header's, and the socket (or
    // the compressor) takes the bytes as they are instead of encoding the string again.
    const body = typeof payload === 'string' && payload.length > 4096 ? Buffer.from(payload) : payload;
    const size = typeof body === 'string' ? Buffer.byteLength(body) : Buffer.isBuffer(body) ? body.length : 0;
    if (size <= max) return body;
    request.log.warn({ size }, 'respuesta GraphQL sobre el límite de tamaño');
    reply.code(400).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({
      data: null,
      errors: [
        {
          message: `La respuesta superaría el tamaño máximo (${Math.round(max / 1024 / 1024)} MB). Pida un rango menor, menos puntos o menos campos.`,
          extensions: { code: 'RESPONSE_TOO_LARGE' },
        },
      ],
    });
  });
}
