import { useQuery } from '../../../lib/consultas.ts';
import type {
  CreateHistoricoInput,
  CreateVariableInput,
  UpdateHistoricoInput,
  UpdateVariableInput,
  UpsertMetaInput,
} from '../../../gql/types.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  CambiarEstadoVariableDocument,
  CreateHistoricoConfigDocument,
  CreateVariableDocument,
  DeleteMetaDocument,
  HistoricosSemanaDocument,
  LineasConfigVariablesDocument,
  MetasVariableDocument,
  UpdateHistoricoConfigDocument,
  UpdateVariableDocument,
  UpsertMetaConfigDocument,
  VariablesConfiguracionDocument,
  type HistoricoConfigFragment,
  type MetaConfigFragment,
  type VariableConfigFragment,
} from './config-variables.generated.ts';

export type VariableConfig = VariableConfigFragment;
export type HistoricoConfig = HistoricoConfigFragment;
export type MetaConfig = MetaConfigFragment;

export const variablesConfigKey = ['config-variables', 'variables'] as const;
export const historicosSemanaKey = ['config-variables', 'historicos'] as const;
export const metasVariableKey = ['config-variables', 'metas'] as const;

export function useVariablesConfiguracion() {
  return useQuery({
    queryKey: variablesConfigKey,
    queryFn: ({ signal }) =>
      gql(VariablesConfiguracionDocument, {}, { signal }).then((r) => r.variablesConfiguracion),
  });
}

export function useLineasConfigVariables() {
  return useQuery({
    queryKey: ['config-variables', 'lineas'],
    queryFn: ({ signal }) => gql(LineasConfigVariablesDocument, {}, { signal }).then((r) => r.lineas),
    staleTime: 5 * 60_000,
  });
}

/** A variable's historicos from desde to hasta (the week being edited); off while nothing is chosen. */
export function useHistoricosSemana(variableId: string | null, desde: string | null, hasta: string | null) {
  return useQuery({
    queryKey: [...historicosSemanaKey, variableId, desde, hasta],
    enabled: variableId !== null && desde !== null && hasta !== null,
    queryFn: ({ signal }) =>
      gql(HistoricosSemanaDocument, { ids: [variableId!], desde: desde!, hasta: hasta! }, { signal }).then(
        (r) => r.historicosVariables,
      ),
  });
}

export function useMetasVariable(variableId: string | null, anio: number) {
  return useQuery({
    queryKey: [...metasVariableKey, variableId, anio],
    enabled: variableId !== null,
    queryFn: ({ signal }) =>
      gql(MetasVariableDocument, { anio, variableId: variableId! }, { signal }).then((r) => r.metas),
  });
}

export const createVariable = (input: CreateVariableInput) =>
  gql(CreateVariableDocument, { input }).then((r) => r.createVariable);
export const updateVariable = (id: string, input: UpdateVariableInput) =>
  gql(UpdateVariableDocument, { id, input }).then((r) => r.updateVariable);
export const cambiarEstadoVariable = (id: string, estado: number, version: number) =>
  gql(CambiarEstadoVariableDocument, { id, estado, version }).then((r) => r.cambiarEstadoVariable);
export const createHistorico = (input: CreateHistoricoInput) =>
  gql(CreateHistoricoConfigDocument, { input }).then((r) => r.createHistorico);
export const updateHistorico = (id: string, input: UpdateHistoricoInput) =>
  gql(UpdateHistoricoConfigDocument, { id, input }).then((r) => r.updateHistorico);
export const upsertMeta = (input: UpsertMetaInput) =>
  gql(UpsertMetaConfigDocument, { input }).then((r) => r.upsertMeta);
export const deleteMeta = (id: string, version: number) =>
  gql(DeleteMetaDocument, { id, version }).then((r) => r.deleteMeta);
