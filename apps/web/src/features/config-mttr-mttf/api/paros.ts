import { useQuery } from '../../../lib/consultas.ts';
import type { MttrMttfManualInput, ParoInput, ParoUpdateInput } from '../../../gql/types.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  ConfigMttrMttfManualesDocument,
  ConfigParosDocument,
  ConfigParosLineasDocument,
  CreateMttrMttfManualDocument,
  CreateParoDocument,
  DeleteMttrMttfManualDocument,
  DeleteParoDocument,
  UpdateMttrMttfManualDocument,
  UpdateParoDocument,
} from './paros.generated.ts';

export const parosKey = ['configParos'] as const;
export const manualesKey = ['configMttrMttfManuales'] as const;
/** What a write changes elsewhere: /mantenimiento's queries read the re-derived figures. */
export const invalidarParos = [
  parosKey,
  manualesKey,
  ['mttrMttf'],
  ['mantenimientoLineas'],
  ['parosPareto'],
] as const;

export function useLineasProduccion() {
  return useQuery({
    queryKey: ['configParosLineas'],
    queryFn: ({ signal }) => gql(ConfigParosLineasDocument, {}, { signal }).then((r) => r.lineas),
  });
}

export interface ParosFiltro {
  desde: string;
  hasta: string;
  lineaId: string | null;
  pagina: number;
  porPagina: number;
}

export function useParos(filtro: ParosFiltro) {
  return useQuery({
    queryKey: [...parosKey, filtro],
    queryFn: ({ signal }) => gql(ConfigParosDocument, filtro, { signal }).then((r) => r.paros),
    placeholderData: (previo) => previo,
  });
}

export function useManuales(desde: string, hasta: string) {
  return useQuery({
    queryKey: [...manualesKey, desde, hasta],
    queryFn: ({ signal }) =>
      gql(ConfigMttrMttfManualesDocument, { desde, hasta }, { signal }).then((r) => r.mttrMttfManuales),
  });
}

export const createParo = (input: ParoInput) => gql(CreateParoDocument, { input }).then((r) => r.createParo);
export const updateParo = (id: string, input: ParoUpdateInput) =>
  gql(UpdateParoDocument, { id, input }).then((r) => r.updateParo);
export const deleteParo = (id: string, version: number) =>
  gql(DeleteParoDocument, { id, version }).then((r) => r.deleteParo);
export const createManual = (input: MttrMttfManualInput) =>
  gql(CreateMttrMttfManualDocument, { input }).then((r) => r.createMttrMttfManual);
export const updateManual = (input: MttrMttfManualInput) =>
  gql(UpdateMttrMttfManualDocument, { input }).then((r) => r.updateMttrMttfManual);
export const deleteManual = (lineaId: string, fecha: string, version: number) =>
  gql(DeleteMttrMttfManualDocument, { lineaId, fecha, version }).then((r) => r.deleteMttrMttfManual);
