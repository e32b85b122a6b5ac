import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { NoSchemaIntrospectionCustomRule, parse, type ValidationRule } from 'graphql';
import { badInput } from '../errors.ts';

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
  const rules = [
    maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth, exposeLimits: false, errorMessage: 'La consulta es demasiado profunda' }),
    maxAliasesRule({ n: GRAPHQL_LIMITS.maxAliases, exposeLimits: false, errorMessage: 'Demasiados alias en la consulta' }),
    maxDirectivesRule({
      n: GRAPHQL_LIMITS.maxDirectives,
      exposeLimits: false,
      errorMessage: 'Demasiadas directivas en la consulta',
    }),
    costLimitRule({ maxCost: GRAPHQL_LIMITS.maxCost, exposeLimits: false, errorMessage: 'La consulta es demasiado costosa' }),
  ] as unknown as ValidationRule[];
  if (!introspection) rules.push(NoSchemaIntrospectionCustomRule);
  return rules;
}

/** Token limit, checked by parsing with graphql's own lexer limit before mercurius parses. */
export function assertTokenLimit(source: string): void {
  try {
    parse(source, { maxTokens: GRAPHQL_LIMITS.maxTokens, noLocation: true });
  } catch (error) {
    if (error instanceof Error && /contains more th[ae]n? \d+ tokens/.test(error.message)) {
      throw badInput('La consulta tiene demasiados elementos (límite de tokens)');
    }
    // Syntax errors are left for mercurius to report the usual way.
  }
}
