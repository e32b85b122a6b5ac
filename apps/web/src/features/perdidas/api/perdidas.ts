import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import type { FormatoTabla } from '../../../components/export/export-button.tsx';
import { gql } from '../../../lib/graphql-client.ts';
import { ExportarParosDocument } from './exportar-paros.generated.ts';
import { PerdidasLineasDocument } from './perdidas-lineas.generated.ts';
import { type PerdidasOeeQuery, PerdidasOeeDocument } from './perdidas-oee.generated.ts';
import { PerdidasTurnosDocument } from './perdidas-turnos.generated.ts';

/** The losses of a line or the plant over a range of production days (perdidasOee). */
export type PerdidasOee = PerdidasOeeQuery['perdidasOee'];
export type ParoPrincipal = PerdidasOee['principales'][number];
export type MotivoPerdida = PerdidasOee['pareto'][number];
export type CambioFormato = PerdidasOee['cambios_formato'][number];

export interface ConsultaPerdidas {
  /** The line's id, or null for the plant. */
  lineaId: string | null;
  desde: string;
  hasta: string;
  turno: number | null;
}

/**
 * The losses explained for the query; nothing is asked until its dates are known. While another
 * query loads, the previous figures stay on screen (isPlaceholderData), dimmed.
 */
export function usePerdidasOee(
  consulta: ConsultaPerdidas | undefined,
  options: { refetchInterval?: number } = {},
) {
  return useQuery<PerdidasOee>({
    queryKey: ['perdidasOee', consulta],
    queryFn: ({ signal }) =>
      gql(
        PerdidasOeeDocument,
        {
          linea_id: consulta!.lineaId,
          desde: consulta!.desde,
          hasta: consulta!.hasta,
          turno: consulta!.turno,
        },
        { signal },
      ).then((r) => r.perdidasOee),
    enabled: consulta !== undefined && consulta.desde <= consulta.hasta,
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchInterval,
  });
}

/** The plant's lines, by numero. */
export function useLineasPerdidas() {
  return useQuery({
    queryKey: ['perdidas', 'lineas'],
    queryFn: ({ signal }) =>
      gql(PerdidasLineasDocument, {}, { signal }).then((r) =>
        [...r.lineas].sort((a, b) => a.numero - b.numero),
      ),
    staleTime: 5 * 60_000,
  });
}

/** The plant's shifts (turnosHorario), in the order of the production day. */
export function useTurnosPerdidas() {
  return useQuery({
    queryKey: ['perdidas', 'turnos'],
    queryFn: ({ signal }) => gql(PerdidasTurnosDocument, {}, { signal }).then((r) => r.turnosHorario),
    staleTime: 5 * 60_000,
  });
}

/** Starts the export of every stop of the query (.xlsx or CSV); the file downloads when ready. */
export function exportarParos(consulta: ConsultaPerdidas, formato: FormatoTabla): Promise<{ id: string }> {
  return gql(ExportarParosDocument, {
    input: {
      linea_id: consulta.lineaId,
      desde: consulta.desde,
      hasta: consulta.hasta,
      turno: consulta.turno,
      formato,
    },
  }).then((r) => r.exportarParos);
}
