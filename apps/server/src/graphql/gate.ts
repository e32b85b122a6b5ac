import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type DirectiveNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  getArgumentValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  parse,
} from 'graphql';
import {
  type Args,
  type CostTable,
  DEFAULT_LIST_SIZE,
  EACH_LIST,
  GateRejection,
  type Rejection,
} from './costos.ts';
import { GRAPHQL_LIMITS } from './limits.ts';
import { recontar } from './recuento.ts';

/**
 * The request gate: cheap checks that run on every GraphQL request before mercurius validates
 * (validation is quadratic in repeated fields) or executes it. Tokens and selections counted in
 * one pass over the text (recuento.ts: a document over either limit is never parsed), one bounded
 * parse (cached), then: strings PostgreSQL cannot store, subscriptions over HTTP, and a
 * cost that weighs list sizes with the real argument values (variables included), with per-field
 * caps on points and ranges. Every refusal is a Spanish 400 naming the argument when there is one.
 * The cost table (by Type.field) is the modules' (modules/costos.ts), handed in by app.ts.
 */

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

/**
 * The selections of a document (fields, fragment spreads, inline fragments) and the argument name
 * of its first string PostgreSQL cannot store. A direct walk of the few node kinds that matter:
 * graphql's generic `visit` costs more than the parse itself (it was most of the time a burst of
 * refused documents held the event loop).
 */
function countSelections(document: DocumentNode): { selections: number; badString?: string } {
  let selections = 0;
  let badString: string | undefined;
  const value = (node: ValueNode, name: string): void => {
    if (badString !== undefined) return;
    if (node.kind === Kind.STRING) {
      if (hasBadChars(node.value)) badString = name;
    } else if (node.kind === Kind.LIST) {
      for (const item of node.values) value(item, name);
    } else if (node.kind === Kind.OBJECT) {
      for (const field of node.fields) value(field.value, field.name.value);
    }
  };
  const directives = (nodes: readonly DirectiveNode[] | undefined): void => {
    for (const d of nodes ?? []) for (const a of d.arguments ?? []) value(a.value, a.name.value);
  };
  const selectionSet = (set: SelectionSetNode | undefined): void => {
    for (const selection of set?.selections ?? []) {
      selections++;
      directives(selection.directives);
      if (selection.kind === Kind.FIELD) {
        for (const a of selection.arguments ?? []) value(a.value, a.name.value);
        selectionSet(selection.selectionSet);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        selectionSet(selection.selectionSet);
      }
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) {
      for (const v of definition.variableDefinitions ?? []) {
        if (v.defaultValue) value(v.defaultValue, v.variable.name.value);
        directives(v.directives);
      }
      directives(definition.directives);
      selectionSet(definition.selectionSet);
    } else if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      directives(definition.directives);
      selectionSet(definition.selectionSet);
    }
  }
  return { selections, badString };
}

const TOO_MANY_TOKENS: Rejection = {
  message: 'La consulta tiene demasiados elementos (límite de tokens)',
  code: 'GRAPHQL_VALIDATION_FAILED',
};

const tooManySelections = (selections: number): Rejection => ({
  message: `La consulta pide demasiados campos (${selections}; máximo ${GRAPHQL_LIMITS.maxSelections})`,
  code: 'GRAPHQL_VALIDATION_FAILED',
});

function parseAndCheck(query: string): Parsed {
  if (query.length > GRAPHQL_LIMITS.maxQueryChars) {
    return {
      rejection: {
        message: `La consulta es demasiado larga (máximo ${GRAPHQL_LIMITS.maxQueryChars} caracteres)`,
        code: 'GRAPHQL_VALIDATION_FAILED',
      },
    };
  }
  // The limits on the counts of one pass over the text first: a document refused by them is never
  // parsed (recuento.ts). The parser's own token limit and countSelections below stay as backstops.
  const { tokens, selections: counted } = recontar(query);
  if (tokens > GRAPHQL_LIMITS.maxTokens) return { rejection: TOO_MANY_TOKENS };
  if (counted > GRAPHQL_LIMITS.maxSelections) return { rejection: tooManySelections(counted) };
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: GRAPHQL_LIMITS.maxTokens, noLocation: true });
  } catch (error) {
    if (error instanceof Error && /contains more th\w* \d+ tokens/.test(error.message)) {
      return { rejection: TOO_MANY_TOKENS };
    }
    return {}; // syntax errors: mercurius reports them the usual (translated) way
  }
  const { selections, badString } = countSelections(document);
  if (selections > GRAPHQL_LIMITS.maxSelections) return { rejection: tooManySelections(selections) };
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

interface CostContext {
  schema: GraphQLSchema;
  costs: CostTable;
  variables: Args;
  fragments: Map<string, FragmentDefinitionNode>;
  memo: Map<string, number>;
  visiting: Set<string>;
}

function fieldsOf(type: GraphQLNamedType | undefined | null) {
  return type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields() : undefined;
}

interface ChildSize {
  names: readonly string[];
  size: number;
}

const isListField = (def: GraphQLField<unknown, unknown>) => isListType(getNullableType(def.type));

/** The size handed down to `def`, when it is one of the sized children. */
function givenSize(
  childSize: ChildSize | undefined,
  def: GraphQLField<unknown, unknown>,
): { self: number; child?: ChildSize } | undefined {
  if (!childSize) return undefined;
  const list = isListField(def);
  if (!childSize.names.includes(def.name) && !(list && childSize.names.includes(EACH_LIST))) return undefined;
  return list ? { self: childSize.size } : { self: 1, child: { names: [EACH_LIST], size: childSize.size } };
}

/** The field's own repetition and, when its estimate sizes a list child, that child's. */
function sizes(
  ctx: CostContext,
  parent: string,
  def: GraphQLField<unknown, unknown>,
  node: FieldNode,
): { self: number; child?: ChildSize } {
  const cost = ctx.costs[`${parent}.${def.name}`];
  if (!cost) return { self: isListField(def) ? DEFAULT_LIST_SIZE : 1 };
  let args: Args;
  try {
    args = getArgumentValues(def, node, ctx.variables);
  } catch {
    return { self: 1 }; // invalid arguments: validation refuses the request before execution
  }
  const estimated = cost.estimate(args, def.name);
  const names = typeof cost.child === 'string' ? [cost.child] : cost.child;
  if (typeof estimated === 'number') {
    return names ? { self: 1, child: { names, size: estimated } } : { self: estimated };
  }
  return { self: estimated.self, ...(names && { child: { names, size: estimated.child } }) };
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
      const own = givenSize(childSize, def) ?? sizes(ctx, type.name, def, selection);
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
      const key = childSize ? `${name}|${childSize.names.join(',')}|${childSize.size}` : name;
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
  costs: CostTable,
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
  const ctx: CostContext = { schema, costs, variables, fragments, memo: new Map(), visiting: new Set() };
  return selectionCost(ctx, operation.selectionSet, root ?? undefined);
}

// ---------------------------------------------------------------------------------- the gate

export interface GraphQLRequestBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/** Checks a GraphQL request; returns the Spanish refusal, or undefined to let mercurius go on. */
export function checkRequest(
  schema: GraphQLSchema,
  costs: CostTable,
  body: GraphQLRequestBody,
): Rejection | undefined {
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
    const cost = operationCost(schema, costs, document, operation, coerced.coerced);
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
export function registerRequestGate(
  app: FastifyInstance,
  schema: () => GraphQLSchema,
  costs: CostTable,
): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!isGraphQLPath(request.url)) return;
    const body = requestBody(request);
    const rejection = body && checkRequest(schema(), costs, body);
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
