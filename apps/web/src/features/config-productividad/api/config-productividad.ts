import { useQuery } from '../../../lib/consultas.ts';
import type { TurnosDiaInput } from '../../../gql/types.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  ConfigGuardarTurnosDiaDocument,
  ConfigProductividadLineasDocument,
  ConfigTurnosDiaDocument,
  ConfigTurnosDocument,
} from './config-productividad.generated.ts';

export type { TurnoCamposFragment as Turno } from './config-productividad.generated.ts';

export const turnosKey = ['configTurnos'] as const;
export const turnosDiaKey = ['configTurnosDia'] as const;
/** What a save changes elsewhere: the paid efficiency is derived again from the new hours. */
export const invalidarTurnos = [turnosKey, turnosDiaKey, ['eficiencia-pagada']] as const;

export function useLineasProductividad() {
  return useQuery({
    queryKey: ['configProductividadLineas'],
    queryFn: ({ signal }) => gql(ConfigProductividadLineasDocument, {}, { signal }).then((r) => r.lineas),
  });
}

export function useTurnosDia(fecha: string | undefined) {
  return useQuery({
    queryKey: [...turnosDiaKey, fecha],
    queryFn: ({ signal }) =>
      gql(ConfigTurnosDiaDocument, { fecha: fecha! }, { signal }).then((r) => r.turnosDia),
    enabled: fecha !== undefined,
  });
}

export function useTurnos() {
  return useQuery({
    queryKey: turnosKey,
    queryFn: ({ signal }) => gql(ConfigTurnosDocument, {}, { signal }).then((r) => r.turnos),
  });
}

export const guardarTurnosDia = (input: TurnosDiaInput) =>
  gql(ConfigGuardarTurnosDiaDocument, { input }).then((r) => r.guardarTurnosDia);
