import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchVariables, type VariableInfo, variablesQuery, variablesQueryKey } from './api/variables.ts';

/** What a lookup answers for an unknown name (SPEC §7: "returns an empty object if not found"). */
export type VariableNotFound = Record<string, never>;

/** The variable named `nombre` in `list`, or `{}`. */
export function findVariable<T extends { nombre: string }>(
  list: readonly T[] | undefined,
  nombre: string,
): T | VariableNotFound {
  return list?.find((v) => v.nombre === nombre) ?? {};
}

/** True when a lookup found the variable. */
export function isVariableFound<T extends { nombre: string }>(found: T | VariableNotFound): found is T {
  return typeof (found as Partial<T>).nombre === 'string';
}

/**
 * Lookup by nombre (SPEC §7): uses the cached variable list, loads it first when it is missing or
 * empty, and answers `{}` when no variable has that name.
 */
export async function lookupVariable(
  client: QueryClient,
  nombre: string,
  load: (signal?: AbortSignal) => Promise<VariableInfo[]> = fetchVariables,
): Promise<VariableInfo | VariableNotFound> {
  const cached = client.getQueryData<VariableInfo[]>(variablesQueryKey);
  const list =
    cached && cached.length > 0
      ? cached
      : await client.fetchQuery({ ...variablesQuery(), queryFn: ({ signal }) => load(signal), staleTime: 0 });
  return findVariable(list, nombre);
}

/** `lookupVariable` bound to the app's query client. */
export function useVariableLookup(): (nombre: string) => Promise<VariableInfo | VariableNotFound> {
  const client = useQueryClient();
  return useCallback((nombre: string) => lookupVariable(client, nombre), [client]);
}
