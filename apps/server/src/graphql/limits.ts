import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  type GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export const GRAPHQL_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxDirectives: 20,
  maxCost: 5000,
  maxTokens: 2000,
  maxBodyBytes: 100 * 1024,
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

/** Token limit, with graphql's own lexer limit; returns a Spanish message when exceeded. */
export function tokenLimitError(source: string): string | undefined {
  try {
    parse(source, { maxTokens: GRAPHQL_LIMITS.maxTokens, noLocation: true });
  } catch (error) {
    if (error instanceof Error && /contains more th\w* \d+ tokens/.test(error.message)) {
      return 'La consulta tiene demasiados elementos (límite de tokens)';
    }
    // Syntax errors are left for mercurius to report the usual way.
  }
  return undefined;
}
