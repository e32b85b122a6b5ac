import { keepPreviousData } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  ZeroWasteDesgloseDocument,
  type ZeroWasteDesgloseQuery,
  ZeroWasteMensualDocument,
  type ZeroWasteMensualQuery,
  ZeroWasteProyeccionDocument,
  type ZeroWasteProyeccionQuery,
} from './zero-waste.generated.ts';

export type MesZw = ZeroWasteMensualQuery['zeroWasteMensual'][number];
export type DesgloseZw = ZeroWasteDesgloseQuery['zeroWasteDesglose'][number];
export type ProyeccionZw = ZeroWasteProyeccionQuery['zeroWasteProyeccion'][number];

/** The year's twelve months then 'Acumulado' (zeroWasteMensual). */
export function useZeroWasteMensual(anio: number | undefined) {
  return useQuery<MesZw[]>({
    queryKey: ['zeroWasteMensual', anio],
    queryFn: ({ signal }) =>
      gql(ZeroWasteMensualDocument, { anio: anio! }, { signal }).then((r) => r.zeroWasteMensual),
    enabled: anio !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** kg and share per classification in the year, or in one month of it (zeroWasteDesglose). */
export function useZeroWasteDesglose(anio: number | undefined, mes: number | null) {
  return useQuery<DesgloseZw[]>({
    queryKey: ['zeroWasteDesglose', anio, mes],
    queryFn: ({ signal }) =>
      gql(ZeroWasteDesgloseDocument, { anio: anio!, mes }, { signal }).then((r) => r.zeroWasteDesglose),
    enabled: anio !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The year's projection per classification (zeroWasteProyeccion). */
export function useZeroWasteProyeccion(anio: number | undefined) {
  return useQuery<ProyeccionZw[]>({
    queryKey: ['zeroWasteProyeccion', anio],
    queryFn: ({ signal }) =>
      gql(ZeroWasteProyeccionDocument, { anio: anio! }, { signal }).then((r) => r.zeroWasteProyeccion),
    enabled: anio !== undefined,
    placeholderData: keepPreviousData,
  });
}
