import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  type GraphQLError,
  NoSchemaIntrospectionCustomRule,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { MAX_POINTS, MAX_REPORT_ROWS, MIN_POINTS } from '../limites-api.ts';

export const GRAPHQL_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxDirectives: 20,
  maxCost: 5000,
  maxTokens: 2000,
  maxBodyBytes: 100 * 1024,
  /** Characters of a GraphQL document (the app's largest is under 2 KB; use variables for data). */
  maxQueryChars: 20_000,
  /** Fields, fragment spreads and inline fragments in one document (the app's largest has 20). */
  maxSelections: 80,
  /** Weighted cost: every value a response can carry (list sizes from the arguments) counts 1. */
  maxListCost: 50_000,
  /** scadaLinea's max_puntos range (the charts ask ≤ 1440: 2 points per pixel, one per minute). */
  minPuntos: MIN_POINTS,
  maxPuntos: MAX_POINTS,
  /** Longest range of the minute-based series (scadaLinea, contadoresHora, utilidades), in days. */
  maxInstantRangeDays: 400,
  /** Rows of a utilidades report (range ÷ intervalo). */
  maxReportRows: MAX_REPORT_ROWS,
  /** Largest GraphQL response body: more is refused with a Spanish error instead of being sent. */
  maxResponseBytes: 4 * 1024 * 1024,
};

/** Validation rules that run before any resolver: depth, aliases, directives, cost, introspection. */
export function limitRules(introspection: boolean): ValidationRule[] {
  // Report through the validation context (a normal validation error) instead of throwing.
  const common = {
    exposeLimits: false,
    propagateOnRejection: false,
    onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
  };
  const rules = [
    maxDepthRule({
      ...common,
      n: GRAPHQL_LIMITS.maxDepth,
      errorMessage: 'La consulta es demasiado profunda',
    }),
    maxAliasesRule({
      ...common,
      n: GRAPHQL_LIMITS.maxAliases,
      errorMessage: 'Demasiados alias en la consulta',
    }),
    maxDirectivesRule({
      ...common,
      n: GRAPHQL_LIMITS.maxDirectives,
      errorMessage: 'Demasiadas directivas en la consulta',
    }),
    costLimitRule({
      ...common,
      maxCost: GRAPHQL_LIMITS.maxCost,
      errorMessage: 'La consulta es demasiado costosa',
    }),
  ] as unknown as ValidationRule[];
  if (!introspection) rules.push(NoSchemaIntrospectionCustomRule);
  return rules;
}
