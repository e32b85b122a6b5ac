import { errorTurnosHorario, MAX_TURNOS_HORARIO } from '@planta/domain';
import { z } from 'zod';
import { badInput } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { escribirConfiguracion } from '../audit/escritura.ts';
import type { ClientInfo, Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { TurnoHorarioRecord, TurnosHorarioRepository } from './turnos-horario.repository.ts';

const version = z
  .number({ error: 'El campo "version" debe ser un número entero' })
  .int('El campo "version" debe ser un número entero')
  .min(1, 'El campo "version" debe ser un número entero positivo')
  .max(2_147_483_647, 'El campo "version" no es válido')
  .nullish();

const texto = (campo: string) => z.string({ error: `El campo "turnos.${campo}" debe ser un texto` });

// The shape only: the rules of a set of shifts are @planta/domain's errorTurnosHorario, which a
// form runs too. The list's length is checked there, after a bound that keeps a huge list out.
const guardarSchema = z.strictObject({
  turnos: z
    .array(z.strictObject({ nombre: texto('nombre'), inicio: texto('inicio'), fin: texto('fin') }), {
      error: 'El campo "turnos" debe ser una lista de turnos',
    })
    .max(100, `El campo "turnos" debe tener entre 1 y ${MAX_TURNOS_HORARIO} turnos`),
  version,
});

export function toTurnoHorarioDto(row: TurnoHorarioRecord) {
  return { numero: row.numero, nombre: row.nombre, inicio: row.inicio, fin: row.fin, version: row.version };
}

export type TurnoHorarioDto = ReturnType<typeof toTurnoHorarioDto>;

/** The set as the write path handles it: its version and its shifts. */
interface Horario {
  version: number;
  turnos: TurnoHorarioDto[];
}

/**
 * The plant's shifts (/configuracion/productividad): they tile the production day, 08:00 → 08:00.
 * Read by any logged-in user; replaced as a whole by an admin, audited as 'turnos_horario' with
 * the lists before and after, refused on a stale version (one version for the whole set).
 */
export class TurnosHorarioService {
  constructor(private readonly repo: TurnosHorarioRepository) {}

  async turnos(): Promise<TurnoHorarioDto[]> {
    return (await this.repo.turnos()).map(toTurnoHorarioDto);
  }

  async guardar(
    viewer: Viewer,
    client: ClientInfo | null,
    args: { turnos?: unknown; version?: unknown },
  ): Promise<TurnoHorarioDto[]> {
    requireAdmin(viewer);
    const data = parseInput(guardarSchema, { turnos: args.turnos, version: args.version ?? null });
    const turnos = data.turnos.map((t) => ({ nombre: t.nombre.trim(), inicio: t.inicio, fin: t.fin }));
    const error = errorTurnosHorario(turnos);
    if (error) throw badInput(error.mensaje, error.campo);
    return this.repo.transaction(async (repo) => {
      await repo.lock();
      const { despues } = await escribirConfiguracion<Horario, Horario>(repo.handle, {
        autor: { viewer, client },
        entidad: 'turnos_horario',
        bloquear: async () => {
          const actuales = (await repo.turnos()).map(toTurnoHorarioDto);
          // Every row holds the set's version; a set emptied by hand is version 0.
          return { version: Math.max(0, ...actuales.map((t) => t.version)), turnos: actuales };
        },
        version: data.version,
        aplicar: async (antes) => {
          const guardados = await repo.reemplazar(turnos, antes!.version + 1);
          return {
            id: 'horario',
            despues: { version: antes!.version + 1, turnos: guardados.map(toTurnoHorarioDto) },
          };
        },
        vista: (horario) => horario.turnos,
      });
      return despues!.turnos;
    });
  }
}
