import { useQuery } from '../../../lib/consultas.ts';
import type { ClasificacionInput, ProyeccionInput, ZeroWasteMesInput } from '../../../gql/types.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  ConfigClasificacionesDocument,
  ConfigZeroWasteProyeccionDocument,
  ConfigZeroWasteRegistrosDocument,
  CreateClasificacionDocument,
  DeleteClasificacionDocument,
  GuardarProyeccionDocument,
  GuardarZeroWasteMesDocument,
  UpdateClasificacionDocument,
} from './config-zero-waste.generated.ts';

export const clasificacionesKey = ['configClasificaciones'] as const;
export const registrosKey = ['configZeroWasteRegistros'] as const;
export const proyeccionKey = ['configZeroWasteProyeccion'] as const;
/** What a write changes: this screen's lists and the /zero-waste dashboard's queries. */
export const invalidarZeroWaste = [
  clasificacionesKey,
  registrosKey,
  proyeccionKey,
  ['zeroWasteMensual'],
  ['zeroWasteDesglose'],
  ['zeroWasteProyeccion'],
] as const;

export function useClasificaciones() {
  return useQuery({
    queryKey: clasificacionesKey,
    queryFn: ({ signal }) =>
      gql(ConfigClasificacionesDocument, {}, { signal }).then((r) => r.clasificaciones),
  });
}

export function useRegistrosDelMes(mes: string) {
  return useQuery({
    queryKey: [...registrosKey, mes],
    queryFn: ({ signal }) =>
      gql(ConfigZeroWasteRegistrosDocument, { mes }, { signal }).then((r) => r.zeroWasteRegistros),
  });
}

export function useProyeccion(anio: number) {
  return useQuery({
    queryKey: [...proyeccionKey, anio],
    queryFn: ({ signal }) =>
      gql(ConfigZeroWasteProyeccionDocument, { anio }, { signal }).then((r) => r.zeroWasteProyeccion),
  });
}

export const createClasificacion = (input: ClasificacionInput) =>
  gql(CreateClasificacionDocument, { input }).then((r) => r.createClasificacion);
export const updateClasificacion = (id: string, input: ClasificacionInput & { version: number }) =>
  gql(UpdateClasificacionDocument, { id, input }).then((r) => r.updateClasificacion);
export const deleteClasificacion = (id: string, version: number) =>
  gql(DeleteClasificacionDocument, { id, version }).then((r) => r.deleteClasificacion);
export const guardarMes = (input: ZeroWasteMesInput) =>
  gql(GuardarZeroWasteMesDocument, { input }).then((r) => r.guardarZeroWasteMes);
export const guardarProyeccion = (input: ProyeccionInput) =>
  gql(GuardarProyeccionDocument, { input }).then((r) => r.upsertProyeccion);
