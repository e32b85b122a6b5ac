import { hourlyCounterWindow } from '@planta/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { restGet } from '../../../lib/rest-client.ts';
import type { EtaDia } from '@planta/charts/eficiencia-energetica/eta';
import { ContadoresHoraLineaDocument, type ContadoresHoraLineaQuery } from './contadores-hora.generated.ts';
import { DatosLinea4Document, type DatosLinea4Query } from './datos-linea4.generated.ts';
import { EficienciaLineasDocument } from './eficiencia-lineas.generated.ts';
import { EficienciaVariablesEnergiaDocument } from './variables-energia.generated.ts';

/** The window of a day's hourly counters (08:00 → 07:00 next morning, plant time) as ISO instants. */
export function ventanaContadores(fecha: string, timeZone: string): { desde: string; hasta: string } {
  const { start, end } = hourlyCounterWindow(fecha, timeZone);
  return { desde: start.toISOString(), hasta: end.toISOString() };
}

/** The plant's lines (without 'Planta'), by numero. */
export function useLineas() {
  return useQuery({
    queryKey: ['eficiencia-energetica', 'lineas'],
    queryFn: ({ signal }) =>
      gql(EficienciaLineasDocument, {}, { signal }).then((r) =>
        [...r.lineas].sort((a, b) => a.numero - b.numero),
      ),
    staleTime: 5 * 60_000,
  });
}

/** A line's hourly counters (energia, eficiencia, kpi_energia, formato) over a day's window. */
export function useContadoresHora(lineaId: string | undefined, fecha: string, timeZone: string | undefined) {
  return useQuery<ContadoresHoraLineaQuery['contadoresHora']>({
    queryKey: ['eficiencia-energetica', 'contadores', lineaId, fecha, timeZone],
    enabled: lineaId !== undefined && timeZone !== undefined,
    queryFn: ({ signal }) =>
      gql(
        ContadoresHoraLineaDocument,
        { linea_id: lineaId!, ...ventanaContadores(fecha, timeZone!) },
        { signal },
      ).then((r) => r.contadoresHora),
    placeholderData: keepPreviousData,
  });
}

/** datosLinea4: line 4's own counters, hour by hour, over a day's window. */
export function useDatosLinea4(fecha: string, timeZone: string | undefined) {
  return useQuery<DatosLinea4Query['scadaLinea4']['lecturas']>({
    queryKey: ['eficiencia-energetica', 'linea4', fecha, timeZone],
    enabled: timeZone !== undefined,
    queryFn: ({ signal }) =>
      gql(DatosLinea4Document, ventanaContadores(fecha, timeZone!), { signal }).then(
        (r) => r.scadaLinea4.lecturas,
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * datosEta: the plant's daily ETA, paid and SAP efficiency (REST, SPEC §7). Asked only once the
 * range is known (the energy date comes from the plant's calendar): the server refuses empty dates.
 */
export function useDatosEta(desde: string, hasta: string) {
  return useQuery({
    queryKey: ['eficiencia-energetica', 'eta', desde, hasta],
    enabled: desde !== '' && hasta !== '',
    queryFn: ({ signal }) => restGet<EtaDia[]>('/api/pta/historicos/eta', { desde, hasta }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** datosEtaLinea: one line's daily ETA, paid and SAP efficiency (REST, SPEC §7). */
export function useDatosEtaLinea(desde: string, hasta: string, linea: number | undefined) {
  return useQuery({
    queryKey: ['eficiencia-energetica', 'eta-linea', desde, hasta, linea],
    enabled: linea !== undefined && desde !== '' && hasta !== '',
    queryFn: ({ signal }) =>
      restGet<EtaDia[]>('/api/pta/historicos/eta/lineas', { desde, hasta, linea: linea! }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The active variables with their area and line (to find a line's energy variables). */
export function useVariablesEnergia() {
  return useQuery({
    queryKey: ['eficiencia-energetica', 'variables'],
    queryFn: ({ signal }) => gql(EficienciaVariablesEnergiaDocument, {}, { signal }).then((r) => r.variables),
    staleTime: 5 * 60_000,
  });
}
