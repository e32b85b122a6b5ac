import { z } from 'zod';
import { conflict, notFound } from '../../errors.ts';
import { id, parseId, parseInput } from '../../validation.ts';
import type { Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { LineasRepository } from '../lineas/lineas.repository.ts';
import { fechaSchema } from '../variables/dates.ts';
import { mustFind, numero, strictInput } from '../variables/service-helpers.ts';
import type { TurnoRecord, TurnosRepository } from './turnos.repository.ts';

export const TURNO_DUPLICADO = 'Error: Ya existe un valor para este día';

const fecha = fechaSchema('fecha');
const existeTurnoSchema = z.object({ linea_id: id('linea_id'), fecha });

const HORAS_FUERA_DE_RANGO = 'El campo "horas_productividad" debe estar entre 0 y 24';
const turnoSchema = strictInput({
  linea_id: id('linea_id'),
  fecha,
  horas_productividad: numero('horas_productividad')
    .min(0, HORAS_FUERA_DE_RANGO)
    .max(24, HORAS_FUERA_DE_RANGO),
});

export class TurnosService {
  constructor(
    private readonly repo: TurnosRepository,
    private readonly lineas: LineasRepository,
  ) {}

  // ------------------------------------------------------------ queries (any logged-in user)

  turnos(): Promise<TurnoRecord[]> {
    return this.repo.listTurnos();
  }

  async existeTurno(args: { linea_id: unknown; fecha: unknown }): Promise<boolean> {
    const data = parseInput(existeTurnoSchema, args);
    if (!(await this.lineas.findLinea(data.linea_id))) throw lineaNotFound();
    return this.repo.turnoExists(data.linea_id, data.fecha);
  }

  // ------------------------------------------------------------ mutations (admin)

  async createTurno(viewer: Viewer, input: unknown): Promise<TurnoRecord> {
    requireAdmin(viewer);
    const data = parseInput(turnoSchema, input);
    if (!(await this.lineas.findLinea(data.linea_id))) throw lineaNotFound();
    const newId = await this.repo.insertTurno({
      lineaId: data.linea_id,
      fecha: data.fecha,
      horasProductividad: data.horas_productividad,
    });
    if (newId === undefined) throw conflict(TURNO_DUPLICADO, 'fecha');
    return mustFind(await this.repo.findTurno(newId), 'El turno no existe');
  }

  async updateTurno(viewer: Viewer, rawId: unknown, input: unknown): Promise<TurnoRecord> {
    requireAdmin(viewer);
    const turnoId = parseId(rawId);
    const data = parseInput(turnoSchema, input);
    mustFind(await this.repo.findTurno(turnoId), 'El turno no existe');
    if (!(await this.lineas.findLinea(data.linea_id))) throw lineaNotFound();
    const values = {
      lineaId: data.linea_id,
      fecha: data.fecha,
      horasProductividad: data.horas_productividad,
    };
    if (
      (await this.repo.turnoExists(values.lineaId, values.fecha, turnoId)) ||
      (await this.repo.updateTurno(turnoId, values)) === 'duplicate'
    ) {
      throw conflict(TURNO_DUPLICADO, 'fecha');
    }
    return mustFind(await this.repo.findTurno(turnoId), 'El turno no existe');
  }
}

const lineaNotFound = () => notFound('La línea no existe');
