import { z } from 'zod';
import { badInput, notFound } from '../../errors.ts';
import { id, parseId, parseInput } from '../../validation.ts';
import {
  type Autor,
  escribirConfiguracion,
  type EscrituraConfig,
  type Unicidad,
} from '../audit/escritura.ts';
import type { ClientInfo, Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { LineasRepository } from '../lineas/lineas.repository.ts';
import { fechaSchema } from '../../dates.ts';
import { mustFind, numero, strictInput } from '../../service-helpers.ts';
import type { TurnoRecord, TurnosRepository } from './turnos.repository.ts';

export const TURNO_DUPLICADO = 'Error: Ya existe un valor para este día';
const NO_EXISTE = 'El turno no existe';

const fecha = fechaSchema('fecha');
const existeTurnoSchema = z.object({ linea_id: id('linea_id'), fecha });

const HORAS_FUERA_DE_RANGO = 'El campo "horas_productividad" debe estar entre 0 y 24';
const horas = numero('horas_productividad').min(0, HORAS_FUERA_DE_RANGO).max(24, HORAS_FUERA_DE_RANGO);

/** The version read by the editor (optional: API clients of SPEC §7 may leave it out). */
const version = z
  .number({ error: 'El campo "version" debe ser un número entero' })
  .int('El campo "version" debe ser un número entero')
  .min(1, 'El campo "version" debe ser un número entero positivo')
  .nullish()
  .transform((value) => value ?? undefined);

const turnoFields = { linea_id: id('linea_id'), fecha, horas_productividad: horas };
/** createTurno: a new shift has no version to name. */
const createSchema = strictInput(turnoFields);
const updateSchema = strictInput({ ...turnoFields, version });

const diaSchema = strictInput({
  fecha,
  entradas: z
    .array(
      strictInput({
        id: id('id').nullish(),
        linea_id: id('linea_id'),
        horas_productividad: horas,
        version,
      }),
      { error: 'El campo "entradas" debe ser una lista' },
    )
    .min(1, 'El campo "entradas" debe tener al menos una línea')
    .max(100, 'El campo "entradas" admite como máximo 100 líneas')
    .superRefine((entradas, ctx) => {
      const lineas = new Set<number>();
      for (const [i, e] of entradas.entries()) {
        if (lineas.has(e.linea_id)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'linea_id'],
            message: 'El campo "linea_id" repite una línea: cada línea va una sola vez',
          });
        }
        lineas.add(e.linea_id);
      }
    }),
});

/** A shift as the audit keeps it (before/after). */
function snapshot(turno: TurnoRecord) {
  return {
    id: turno.id,
    linea_id: turno.linea.id,
    linea: turno.linea.nombre,
    fecha: turno.fecha,
    horas_productividad: turno.horasProductividad,
    version: turno.version,
  };
}

export class TurnosService {
  constructor(
    private readonly repo: TurnosRepository,
    private readonly lineas: LineasRepository,
    /** Plant time zone: which production day a shift's hours belong to when it is derived again. */
    private readonly timeZone: string,
  ) {}

  // ------------------------------------------------------------ queries (any logged-in user)

  turnos(): Promise<TurnoRecord[]> {
    return this.repo.listTurnos();
  }

  async turnosDelDia(rawFecha: unknown): Promise<TurnoRecord[]> {
    const data = parseInput(z.object({ fecha }), { fecha: rawFecha });
    return this.repo.turnosDelDia(data.fecha);
  }

  async existeTurno(args: { linea_id: unknown; fecha: unknown }): Promise<boolean> {
    const data = parseInput(existeTurnoSchema, args);
    if (!(await this.lineas.findLinea(data.linea_id))) throw lineaNotFound();
    return this.repo.turnoExists(data.linea_id, data.fecha);
  }

  // ------------------------------------------------------------ mutations (admin, audited)
  // Every write derives its production day(s) again, so the paid efficiency follows the hours.

  async createTurno(viewer: Viewer, input: unknown, client?: ClientInfo): Promise<TurnoRecord> {
    requireAdmin(viewer);
    const data = parseInput(createSchema, input);
    if (!(await this.lineas.findLinea(data.linea_id))) throw lineaNotFound();
    return this.repo.transaction(async (repo) => {
      const turno = await crearTurno(repo, { viewer, client }, data.fecha, data);
      await repo.rederivarDias([turno.fecha], this.timeZone);
      return turno;
    });
  }

  /** Replaces a shift's values; a stale `version` is a CONFLICT and changes nothing. */
  async updateTurno(
    viewer: Viewer,
    rawId: unknown,
    input: unknown,
    client?: ClientInfo,
  ): Promise<TurnoRecord> {
    requireAdmin(viewer);
    const turnoId = parseId(rawId);
    const data = parseInput(updateSchema, input);
    if (!(await this.lineas.findLinea(data.linea_id))) throw lineaNotFound();
    const values = {
      lineaId: data.linea_id,
      fecha: data.fecha,
      horasProductividad: data.horas_productividad,
    };
    return this.repo.transaction(async (repo) => {
      const { antes, despues } = await escribirTurno(
        repo,
        { viewer, client },
        {
          bloquear: () => repo.findTurno(turnoId, true),
          version: data.version,
          unico: { ...UNICO, ocupado: () => repo.turnoExists(values.lineaId, values.fecha, turnoId) },
          aplicar: async () =>
            (await repo.updateTurno(turnoId, values)) === 'duplicate' ? 'duplicate' : leido(repo, turnoId),
        },
      );
      await repo.rederivarDias([antes!.fecha, despues!.fecha], this.timeZone);
      return despues!;
    });
  }

  /**
   * A day's shifts of several lines in one transaction (the productivity form): entries without
   * id are created (TURNO_DUPLICADO when the line already has that day's shift), entries with id
   * updated (the shift must be of that day and line; a stale version is a CONFLICT); nothing is
   * written unless every entry is. Returns the day's shifts, by line number.
   */
  async guardarTurnosDia(viewer: Viewer, input: unknown, client?: ClientInfo): Promise<TurnoRecord[]> {
    requireAdmin(viewer);
    const data = parseInput(diaSchema, input);
    for (const entrada of data.entradas) {
      if (!(await this.lineas.findLinea(entrada.linea_id))) throw lineaNotFound();
    }
    return this.repo.transaction(async (repo) => {
      const delDia = await repo.turnosDelDia(data.fecha, true);
      let escritos = 0;
      for (const entrada of data.entradas) {
        if (entrada.id === undefined || entrada.id === null) {
          await crearTurno(repo, { viewer, client }, data.fecha, entrada);
          escritos += 1;
          continue;
        }
        const current = delDia.find((t) => t.id === entrada.id);
        if (!current) {
          // Not among the day's rows: deleted, or of another day.
          if (!(await repo.findTurno(entrada.id))) throw notFound(NO_EXISTE);
          throw badInput(`El turno ${entrada.id} no es del día ${data.fecha}`, 'id');
        }
        if (current.linea.id !== entrada.linea_id) {
          throw badInput(`El turno ${entrada.id} no es de la línea indicada`, 'linea_id');
        }
        const { id } = await escribirTurno(
          repo,
          { viewer, client },
          {
            // Locked with the day's rows above.
            bloquear: async () => current,
            version: entrada.version,
            sinCambio: (antes) => antes.horasProductividad === entrada.horas_productividad,
            aplicar: async () => {
              await repo.updateTurno(current.id, { horasProductividad: entrada.horas_productividad });
              return leido(repo, current.id);
            },
          },
        );
        if (id !== null) escritos += 1;
      }
      if (escritos > 0) await repo.rederivarDias([data.fecha], this.timeZone);
      return repo.turnosDelDia(data.fecha);
    });
  }
}

const UNICO: Unicidad = { mensaje: TURNO_DUPLICADO, campo: 'fecha' };

/** The shift as written: its id and itself. */
async function leido(repo: TurnosRepository, turnoId: number) {
  return { id: turnoId, despues: mustFind(await repo.findTurno(turnoId), NO_EXISTE) };
}

/** A shift's write through the configuration write path (audited as 'turnos'). */
function escribirTurno(
  repo: TurnosRepository,
  autor: Autor,
  paso: Pick<
    EscrituraConfig<TurnoRecord, TurnoRecord>,
    'bloquear' | 'version' | 'unico' | 'sinCambio' | 'aplicar'
  >,
) {
  return escribirConfiguracion(repo.handle, {
    autor,
    entidad: 'turnos',
    noExiste: NO_EXISTE,
    ...paso,
    vista: snapshot,
  });
}

/** A line's shift of a day, created (TURNO_DUPLICADO when the line has that day's already). */
async function crearTurno(
  repo: TurnosRepository,
  autor: Autor,
  fecha: string,
  valores: { linea_id: number; horas_productividad: number },
): Promise<TurnoRecord> {
  const { despues } = await escribirTurno(repo, autor, {
    unico: UNICO,
    aplicar: async () => {
      const newId = await repo.insertTurno({
        lineaId: valores.linea_id,
        fecha,
        horasProductividad: valores.horas_productividad,
      });
      return newId === undefined ? 'duplicate' : leido(repo, newId);
    },
  });
  return despues!;
}

const lineaNotFound = () => notFound('La línea no existe');
