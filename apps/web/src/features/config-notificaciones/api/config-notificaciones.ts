import { useQuery } from '../../../lib/consultas.ts';
import type { ReglaNotificacionInput } from '../../../gql/types.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  ActualizarReglaNotificacionDocument,
  type AlarmaHistorialFragment,
  AlarmasHistorialDocument,
  type AlarmasHistorialQueryVariables,
  CrearReglaNotificacionDocument,
  EliminarReglaNotificacionDocument,
  LineasReglasDocument,
  PreviaReglaNotificacionDocument,
  type ReglaConfigFragment,
  ReglasNotificacionDocument,
  UsuariosReglasDocument,
  VariablesReglasDocument,
} from './config-notificaciones.generated.ts';

export type ReglaConfig = ReglaConfigFragment;
export type AlarmaHistorial = AlarmaHistorialFragment;
export type FiltrosAlarmas = Omit<AlarmasHistorialQueryVariables, 'limit' | 'offset'>;

export const reglasKey = ['config-notificaciones', 'reglas'] as const;
export const alarmasKey = ['config-notificaciones', 'alarmas'] as const;

export function useReglasNotificacion() {
  return useQuery({
    queryKey: reglasKey,
    queryFn: ({ signal }) =>
      gql(ReglasNotificacionDocument, {}, { signal }).then((r) => r.reglasNotificacion),
  });
}

/** The active variables a rule may watch. */
export function useVariablesReglas() {
  return useQuery({
    queryKey: ['config-notificaciones', 'variables'],
    queryFn: ({ signal }) => gql(VariablesReglasDocument, {}, { signal }).then((r) => r.variables),
    staleTime: 5 * 60_000,
  });
}

export function useLineasReglas(enabled = true) {
  return useQuery({
    queryKey: ['config-notificaciones', 'lineas'],
    enabled,
    queryFn: ({ signal }) => gql(LineasReglasDocument, {}, { signal }).then((r) => r.lineas),
    staleTime: 5 * 60_000,
  });
}

/** The users a rule may notify (not the deleted ones). */
export function useUsuariosReglas(enabled: boolean) {
  return useQuery({
    queryKey: ['config-notificaciones', 'usuarios'],
    enabled,
    queryFn: ({ signal }) =>
      gql(UsuariosReglasDocument, {}, { signal }).then((r) => r.users.filter((u) => !u.deleted_at)),
    staleTime: 5 * 60_000,
  });
}

/** A page of the alarm history, newest first. */
export function useAlarmas(filtros: FiltrosAlarmas, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...alarmasKey, filtros, page, pageSize],
    queryFn: ({ signal }) =>
      gql(
        AlarmasHistorialDocument,
        { ...filtros, limit: pageSize, offset: page * pageSize },
        { signal },
      ).then((r) => r.alarmas),
    // The previous page stays while the next one loads.
    placeholderData: (previous) => previous,
    refetchInterval: 30_000,
  });
}

export const previaRegla = (input: ReglaNotificacionInput) =>
  gql(PreviaReglaNotificacionDocument, { input }).then((r) => r.previaReglaNotificacion);
export const crearRegla = (input: ReglaNotificacionInput) =>
  gql(CrearReglaNotificacionDocument, { input }).then((r) => r.crearReglaNotificacion);
export const actualizarRegla = (id: string, input: ReglaNotificacionInput) =>
  gql(ActualizarReglaNotificacionDocument, { id, input }).then((r) => r.actualizarReglaNotificacion);
export const eliminarRegla = (id: string, version: number) =>
  gql(EliminarReglaNotificacionDocument, { id, version }).then((r) => r.eliminarReglaNotificacion);
