import { useQuery } from '../../../lib/consultas.ts';
import type { CategoriaParoInput, MotivoParoInput } from '../../../gql/types.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  ActualizarUmbralMicroparoDocument,
  ConfigCategoriasParoDocument,
  ConfigUmbralesMicroparoDocument,
  CreateCategoriaParoDocument,
  CreateMotivoParoDocument,
  DeleteCategoriaParoDocument,
  DeleteMotivoParoDocument,
  UpdateCategoriaParoDocument,
  UpdateMotivoParoDocument,
} from './motivos-paro.generated.ts';
import { parosKey } from './paros.ts';

export type {
  CategoriaParoCamposFragment as CategoriaParo,
  MotivoParoCamposFragment as MotivoParo,
  UmbralMicroparoCamposFragment as UmbralMicroparo,
} from './motivos-paro.generated.ts';

export const categoriasParoKey = ['configCategoriasParo'] as const;
export const umbralesMicroparoKey = ['configUmbralesMicroparo'] as const;
/** A category or reason written: the tree, and the paros that show their reason's name and class. */
export const invalidarMotivos = [categoriasParoKey, parosKey] as const;
export const invalidarUmbrales = [umbralesMicroparoKey] as const;

export function useCategoriasParo() {
  return useQuery({
    queryKey: categoriasParoKey,
    queryFn: ({ signal }) => gql(ConfigCategoriasParoDocument, {}, { signal }).then((r) => r.categoriasParo),
  });
}

export function useUmbralesMicroparo() {
  return useQuery({
    queryKey: umbralesMicroparoKey,
    queryFn: ({ signal }) =>
      gql(ConfigUmbralesMicroparoDocument, {}, { signal }).then((r) => r.umbralesMicroparo),
  });
}

export const createCategoriaParo = (input: CategoriaParoInput) =>
  gql(CreateCategoriaParoDocument, { input }).then((r) => r.createCategoriaParo);
export const updateCategoriaParo = (id: string, input: CategoriaParoInput) =>
  gql(UpdateCategoriaParoDocument, { id, input }).then((r) => r.updateCategoriaParo);
export const deleteCategoriaParo = (id: string, version: number) =>
  gql(DeleteCategoriaParoDocument, { id, version }).then((r) => r.deleteCategoriaParo);
export const createMotivoParo = (input: MotivoParoInput) =>
  gql(CreateMotivoParoDocument, { input }).then((r) => r.createMotivoParo);
export const updateMotivoParo = (id: string, input: MotivoParoInput) =>
  gql(UpdateMotivoParoDocument, { id, input }).then((r) => r.updateMotivoParo);
export const deleteMotivoParo = (id: string, version: number) =>
  gql(DeleteMotivoParoDocument, { id, version }).then((r) => r.deleteMotivoParo);
/** `version` omitted: last write wins (a line's first threshold). */
export const actualizarUmbralMicroparo = (lineaId: string, segundos: number, version?: number) =>
  gql(ActualizarUmbralMicroparoDocument, { lineaId, segundos, version }).then(
    (r) => r.actualizarUmbralMicroparo,
  );
