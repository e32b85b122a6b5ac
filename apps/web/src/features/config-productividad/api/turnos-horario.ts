import { useQuery } from '../../../lib/consultas.ts';
import type { TurnoHorarioInput } from '../../../gql/types.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { ConfigTurnosHorarioDocument, GuardarTurnosHorarioDocument } from './turnos-horario.generated.ts';

export type { TurnoHorarioCamposFragment as TurnoHorario } from './turnos-horario.generated.ts';

export const turnosHorarioKey = ['configTurnosHorario'] as const;
export const invalidarTurnosHorario = [turnosHorarioKey] as const;

export function useTurnosHorario() {
  return useQuery({
    queryKey: turnosHorarioKey,
    queryFn: ({ signal }) => gql(ConfigTurnosHorarioDocument, {}, { signal }).then((r) => r.turnosHorario),
  });
}

/** Replaces the plant's shifts; `version` is the one read (a stale save is a CONFLICT). */
export const guardarTurnosHorario = (turnos: TurnoHorarioInput[], version: number | undefined) =>
  gql(GuardarTurnosHorarioDocument, { turnos, version }).then((r) => r.guardarTurnosHorario);
