import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import type { FormatoTabla } from '../../../components/export/export-button.tsx';
import { gql } from '../../../lib/graphql-client.ts';
import {
  AsistenciaDiariaDocument,
  type AsistenciaDiariaQuery,
  AsistenciaRangoDocument,
  type AsistenciaRangoQuery,
  AusenciasDocument,
  type AusenciasQuery,
  ExportarAsistenciaDocument,
} from './asistencia-diaria.generated.ts';

export type AreaAsistencia = AsistenciaDiariaQuery['asistenciaDiaria'][number];
export type DiaAsistencia = AsistenciaRangoQuery['asistenciaRango'][number];
export type Ausencia = AusenciasQuery['ausencias'][number];

/** The first element of every query key of this screen (the import invalidates them all). */
export const CLAVE_ASISTENCIA = 'asistencia';

/** Attendance of each area with records on the day; disabled while `fecha` is undefined. */
export function useAsistenciaDiaria(fecha: string | undefined) {
  return useQuery<AreaAsistencia[]>({
    queryKey: [CLAVE_ASISTENCIA, 'asistenciaDiaria', fecha],
    queryFn: ({ signal }) =>
      gql(AsistenciaDiariaDocument, { fecha: fecha! }, { signal }).then((r) => r.asistenciaDiaria),
    enabled: fecha !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Attendance of every day of [desde, hasta] for an area (null: the plant). */
export function useAsistenciaRango(rango: { desde: string; hasta: string } | undefined, area: string | null) {
  return useQuery<DiaAsistencia[]>({
    queryKey: [CLAVE_ASISTENCIA, 'asistenciaRango', rango?.desde, rango?.hasta, area],
    queryFn: ({ signal }) =>
      gql(AsistenciaRangoDocument, { desde: rango!.desde, hasta: rango!.hasta, area }, { signal }).then(
        (r) => r.asistenciaRango,
      ),
    enabled: rango !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Who was not at work on the day and why, for an area (null: the plant). */
export function useAusencias(fecha: string | undefined, area: string | null) {
  return useQuery<Ausencia[]>({
    queryKey: [CLAVE_ASISTENCIA, 'ausencias', fecha, area],
    queryFn: ({ signal }) =>
      gql(AusenciasDocument, { fecha: fecha!, area }, { signal }).then((r) => r.ausencias),
    enabled: fecha !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Starts the screen's export: the day by area, its absent and the trend's range. */
export function exportarAsistencia(
  filtros: { fecha: string; desde: string; hasta: string; area: string | null },
  formato: FormatoTabla,
): Promise<{ id: string }> {
  return gql(ExportarAsistenciaDocument, { input: { ...filtros, formato } }).then(
    (r) => r.exportarAsistencia,
  );
}
