import { fechasDesde } from '@planta/domain';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { type HistoricosSeriesKpiQuery, HistoricosSeriesKpiDocument } from './historicos-series.generated.ts';
import { ResumenVariablesDocument, type ResumenVariablesQuery } from './resumen-variables.generated.ts';
import { UltimaFechaVariableDocument } from './ultima-fecha-variable.generated.ts';
import { type VariablesKpiQuery, VariablesKpiDocument } from './variables.generated.ts';

/** An active variable as the KPI screens use it (name, unit, decimals, aggregation, direction, limits). */
export type VariableInfo = VariablesKpiQuery['variables'][number];

/** A variable's figures on a date against its targets (`resumenVariables`). */
export type ResumenVariable = ResumenVariablesQuery['resumenVariables'][number];

/** A day of a variable's history (a day of `historicosSeries`). */
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

type Serie = HistoricosSeriesKpiQuery['historicosSeries'][number];

/** A series' columns as the charts read them: a day per item (`dia`: days after `desde`). */
export function diasDeSerie(serie: Serie, desde: string): HistoricoDia[] {
  return fechasDesde(desde, serie.dia).map((fecha, i) => ({
    fecha,
    diario: serie.diario[i]!,
    mensual: serie.mensual[i] ?? null,
    meta: serie.meta[i] ?? null,
  }));
}

const historicosKey = (nombre: string | undefined, desde: string, hasta: string) =>
  ['historicosVariable', nombre, desde, hasta] as const;

/**
 * A variable's daily history from desde to hasta (inclusive), by fecha; SPEC §7 "history by name
 * and range", asked as columns (`historicosSeries`). `grupo`: the screen's other variables that can
 * be charted over the same range: one request brings them all (a dashboard's cards), so that
 * choosing another card draws its chart at once, without a request of its own.
 */
export function useHistoricosVariable(
  nombre: string | undefined,
  desde: string,
  hasta: string,
  options: { refetchInterval?: number; grupo?: readonly string[] } = {},
) {
  const queryClient = useQueryClient();
  const { grupo } = options;
  return useQuery<HistoricoDia[]>({
    refetchInterval: options.refetchInterval,
    queryKey: historicosKey(nombre, desde, hasta),
    queryFn: async ({ signal }) => {
      const nombres = grupo?.includes(nombre!) ? [...grupo] : [nombre!];
      const { historicosSeries } = await gql(
        HistoricosSeriesKpiDocument,
        { nombres, desde, hasta },
        { signal },
      );
      let propios: HistoricoDia[] = [];
      for (const serie of historicosSeries) {
        const dias = diasDeSerie(serie, desde);
        if (serie.variable.nombre === nombre) propios = dias;
        else queryClient.setQueryData(historicosKey(serie.variable.nombre, desde, hasta), dias);
      }
      return propios;
    },
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
