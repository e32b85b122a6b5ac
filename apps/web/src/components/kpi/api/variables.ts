import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql-client.ts';
import { HistoricosVariableKpiDocument } from './historicos-variable.generated.ts';
import { ResumenVariablesDocument, type ResumenVariablesQuery } from './resumen-variables.generated.ts';
import { UltimaFechaVariableDocument } from './ultima-fecha-variable.generated.ts';
import { type VariablesKpiQuery, VariablesKpiDocument } from './variables.generated.ts';

/** An active variable as the KPI screens use it (name, unit, decimals, aggregation, direction, limits). */
export type VariableInfo = VariablesKpiQuery['variables'][number];

/** A variable's figures on a date against its targets (`resumenVariables`). */
export type ResumenVariable = ResumenVariablesQuery['resumenVariables'][number];

/** A day of a variable's history (`historicosVariable`). */
export type HistoricoDia = { fecha: string; diario: number; mensual: number | null; meta: number | null };

export const variablesQueryKey = ['variables', 'kpi'] as const;

/** Loads the list of active variables (SPEC: charts/getVariableList). */
export function fetchVariables(signal?: AbortSignal): Promise<VariableInfo[]> {
  return gql(VariablesKpiDocument, {}, { signal }).then((r) => r.variables);
}

export const variablesQuery = () =>
  queryOptions({
    queryKey: variablesQueryKey,
    queryFn: ({ signal }) => fetchVariables(signal),
    staleTime: 5 * 60_000,
  });

/** The active variables, shared by every screen (one request, cached 5 minutes). */
export function useVariables() {
  return useQuery(variablesQuery());
}

/**
 * KPI figures of `nombres` on `fecha` (day, month and year to date against their metas), in the
 * order asked. While another date loads, the previous figures stay (isPlaceholderData). Pass a
 * refetchInterval to follow the production day in progress.
 */
export function useResumenVariables(
  nombres: readonly string[],
  fecha: string | undefined,
  options: { refetchInterval?: number } = {},
) {
  return useQuery<ResumenVariable[]>({
    refetchInterval: options.refetchInterval,
    queryKey: ['resumenVariables', fecha, nombres],
    queryFn: ({ signal }) =>
      gql(ResumenVariablesDocument, { nombres: [...nombres], fecha: fecha! }, { signal }).then(
        (r) => r.resumenVariables,
      ),
    enabled: fecha !== undefined && nombres.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** A variable's daily history from desde to hasta (inclusive), by fecha; SPEC §7 "history by name and range". */
export function useHistoricosVariable(
  nombre: string | undefined,
  desde: string,
  hasta: string,
  options: { refetchInterval?: number } = {},
) {
  return useQuery<HistoricoDia[]>({
    refetchInterval: options.refetchInterval,
    queryKey: ['historicosVariable', nombre, desde, hasta],
    queryFn: ({ signal }) =>
      gql(HistoricosVariableKpiDocument, { nombre: nombre!, desde, hasta }, { signal }).then(
        (r) => r.historicosVariable,
      ),
    enabled: nombre !== undefined && desde <= hasta,
    // Another period of the same variable: keep the drawing while it loads; never another variable's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === nombre ? previous : undefined,
  });
}

/** The last date on which the variable has a daily value above 0 (null when never). */
export function useUltimaFechaVariable(nombre: string | undefined) {
  return useQuery({
    queryKey: ['ultimaFechaVariable', nombre],
    queryFn: ({ signal }) =>
      gql(UltimaFechaVariableDocument, { nombre: nombre! }, { signal }).then((r) => r.ultimaFechaVariable),
    enabled: nombre !== undefined,
  });
}
