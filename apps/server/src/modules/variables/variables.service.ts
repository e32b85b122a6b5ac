import { type HasRoles, monthName, periodMeta } from '@planta/domain';
import { z } from 'zod';
import { conflict, notFound } from '../../errors.ts';
import { id, parseId, parseInput, requiredText } from '../../validation.ts';
import type { Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { canReadVariable, requireReadableVariable } from './variable-access.ts';
import { anioSchema, fechaSchema, firstOfMonth, rangeSchema, yearBounds } from './dates.ts';
import type {
  PlanificacionesRepository,
  PlanificacionRecord,
} from '../planificaciones/planificaciones.repository.ts';
import { mustFind, numero, numeroOpcional, strictInput } from './service-helpers.ts';
import type {
  HistoricoRecord,
  MetaRecord,
  VariableRecord,
  VariablesRepository,
} from './variables.repository.ts';

/**
 * The plant's production variable (unit cases), source of volumenDiario, cumplimientoProduccion
 * and volumenMensual. Kept here only until the plant model names its variables.
 */
export const PRODUCTION_VARIABLE = 'Producción (CU)';

export const HISTORICO_DUPLICADO = 'Ya existe un valor para esta variable en esta fecha';

/** Longest list of names or ids one query may ask for. */
const MAX_ITEMS = 100;

const fecha = fechaSchema('fecha');
const nombre = requiredText('nombre');

const nombreRangeSchema = z.object({ nombre });
const nombreFechaSchema = z.object({ nombre, fecha });
const nombresFechaSchema = z.object({
  nombres: z
    .array(nombre, { error: 'El campo "nombres" debe ser una lista' })
    .max(MAX_ITEMS, `El campo "nombres" admite como máximo ${MAX_ITEMS} elementos`),
  fecha,
});
const idsSchema = z.object({
  ids: z
    .array(id('ids'), { error: 'El campo "ids" debe ser una lista' })
    .max(MAX_ITEMS, `El campo "ids" admite como máximo ${MAX_ITEMS} elementos`),
});
const estadoSchema = z.object({
  estado: z
    .number({ error: 'El campo "estado" debe ser un número entero' })
    .int('El campo "estado" debe ser un número entero')
    .min(0, 'El campo "estado" debe ser 0 o mayor')
    .max(32767, 'El campo "estado" está fuera de rango')
    .nullish()
    .transform((value) => value ?? 1),
});
const metasSchema = z.object({ anio: anioSchema, variable_id: id('variable_id') });
const fechaOnlySchema = z.object({ fecha });
const anioOnlySchema = z.object({ anio: anioSchema });

const upsertMetaSchema = strictInput({
  variable_id: id('variable_id'),
  fecha,
  valor: numero('valor'),
});

const createHistoricoSchema = strictInput({
  variable_id: id('variable_id'),
  fecha,
  diario: numero('diario'),
  mensual: numeroOpcional('mensual'),
  anual: numeroOpcional('anual'),
  meta: numeroOpcional('meta'),
});

const updateHistoricoSchema = strictInput({
  fecha,
  diario: numero('diario'),
  mensual: numero('mensual'),
  anual: numero('anual'),
  meta: numero('meta'),
});

export interface VolumenDiario {
  fecha: string;
  diario: number;
  meta: number | null;
}

export interface CumplimientoProduccion {
  fecha: string;
  /** Month to date up to fecha (the day's mensual). */
  real: number | null;
  plan: PlanificacionRecord | null;
  cumplimientoNegociado: number | null;
  cumplimientoAop: number | null;
}

/** A variable on a date: the day, month to date and year to date, each against its target. */
export interface ResumenVariable {
  variable: VariableRecord;
  fecha: string;
  diario: number | null;
  mensual: number | null;
  anual: number | null;
  meta: number | null;
  metaMensual: number | null;
  metaAnual: number | null;
}

export interface VolumenMensual {
  mes: number;
  nombreMes: string;
  negociado: number | null;
  aop: number | null;
  real: number | null;
}

/** Percentage real / plan, 2 decimals; null when either side is missing or the plan is 0. */
export function percentOf(real: number | null, plan: number | null | undefined): number | null {
  if (real === null || plan === null || plan === undefined || plan === 0) return null;
  return Math.round((real / plan) * 100 * 100) / 100;
}

export class VariablesService {
  constructor(
    private readonly repo: VariablesRepository,
    /** The production plan of cumplimientoProduccion and volumenMensual. */
    private readonly planes: PlanificacionesRepository,
  ) {}

  // ------------------------------------------------------------ queries (any logged-in user)
  // A variable's data is readable by its area (variable-access.ts): lists leave out the variables
  // the viewer may not read; asking for one of them by name or id is refused (FORBIDDEN).

  /** Refuses when any of the named variables is of an area the viewer may not read. */
  async requireReadableNombres(viewer: HasRoles, nombres: readonly string[]): Promise<void> {
    if (nombres.length === 0) return;
    for (const variable of await this.repo.variablesByNombres(nombres)) {
      requireReadableVariable(viewer, variable);
    }
  }

  async variables(viewer: HasRoles, args: { estado?: unknown }): Promise<VariableRecord[]> {
    const { estado } = parseInput(estadoSchema, args);
    return (await this.repo.listVariables(estado)).filter((v) => canReadVariable(viewer, v));
  }

  async historicosVariable(
    viewer: HasRoles,
    args: { nombre: unknown; desde: unknown; hasta: unknown },
  ): Promise<HistoricoRecord[]> {
    const { nombre } = parseInput(nombreRangeSchema, { nombre: args.nombre });
    const { desde, hasta } = parseInput(rangeSchema, args);
    await this.requireReadableNombres(viewer, [nombre]);
    return this.repo.historicosByNombre(nombre, desde, hasta);
  }

  async historicoFecha(
    viewer: HasRoles,
    args: { nombre: unknown; fecha: unknown },
  ): Promise<HistoricoRecord | null> {
    const data = parseInput(nombreFechaSchema, args);
    await this.requireReadableNombres(viewer, [data.nombre]);
    const [row] = await this.repo.historicosByNombres([data.nombre], data.fecha);
    return row ?? null;
  }

  async historicosNombres(
    viewer: HasRoles,
    args: { nombres: unknown; fecha: unknown },
  ): Promise<HistoricoRecord[]> {
    const data = parseInput(nombresFechaSchema, args);
    const rows = await this.repo.historicosByNombres([...new Set(data.nombres)], data.fecha);
    return rows.filter((row) => canReadVariable(viewer, row.variable));
  }

  /**
   * The KPI figures of several variables on one date, in the order asked (unknown names are
   * skipped): the day's diario (null when the day has no value), the month and the year to date
   * as of the latest day with a value up to fecha (null when the month or the year has none), and
   * the targets of the day, of the month to fecha and of the year to fecha (periodMeta: summed for
   * SUMA variables, the latest for the others). The day's target of a SUMA variable is that day's
   * own (none on a day off); the others keep their latest target of the year, so a day whose meta
   * was not entered yet (today) is still judged against it.
   */
  async resumenVariables(
    viewer: HasRoles,
    args: { nombres: unknown; fecha: unknown },
  ): Promise<ResumenVariable[]> {
    const data = parseInput(nombresFechaSchema, args);
    const nombres = [...new Set(data.nombres)];
    // Variables the viewer may not read are skipped like unknown names.
    const found = (await this.repo.variablesByNombres(nombres)).filter((v) => canReadVariable(viewer, v));
    if (found.length === 0) return [];
    const mes = firstOfMonth(data.fecha);
    const anio = `${data.fecha.slice(0, 4)}-01-01`;
    const [latest, metasDelAnio] = await Promise.all([
      this.repo.latestHistoricos(
        found.map((v) => v.id),
        anio,
        data.fecha,
      ),
      this.repo.dailyMetas(
        found.map((v) => v.id),
        anio,
        data.fecha,
      ),
    ]);
    const byNombre = new Map(found.map((v) => [v.nombre, v]));
    return nombres.flatMap((nombre) => {
      const variable = byNombre.get(nombre);
      if (!variable) return [];
      // The latest day with a value carries the month and the year to date (a day without a value
      // yet, such as the production day just started, adds nothing to them).
      const last = latest.find((r) => r.variableId === variable.id);
      const metas = metasDelAnio.filter((m) => m.variableId === variable.id);
      return [
        {
          variable,
          fecha: data.fecha,
          diario: last?.fecha === data.fecha ? last.diario : null,
          mensual: last && last.fecha >= mes ? last.mensual : null,
          anual: last ? last.anual : null,
          // A day's own target for counts (none on a day off); ratios keep their latest target.
          meta:
            variable.agregacion === 'SUMA'
              ? (metas.find((m) => m.fecha === data.fecha)?.meta ?? null)
              : periodMeta(
                  variable.agregacion,
                  metas.map((m) => m.meta),
                ),
          metaMensual: periodMeta(
            variable.agregacion,
            metas.filter((m) => m.fecha >= mes).map((m) => m.meta),
          ),
          metaAnual: periodMeta(
            variable.agregacion,
            metas.map((m) => m.meta),
          ),
        },
      ];
    });
  }

  async ultimaFechaVariable(viewer: HasRoles, args: { nombre: unknown }): Promise<string | null> {
    const data = parseInput(nombreRangeSchema, args);
    await this.requireReadableNombres(viewer, [data.nombre]);
    return this.repo.lastDateWithDiario(data.nombre);
  }

  async historicosVariables(
    viewer: HasRoles,
    args: { ids: unknown; desde: unknown; hasta: unknown },
  ): Promise<HistoricoRecord[]> {
    const ids = [...new Set(parseInput(idsSchema, { ids: args.ids }).ids)];
    const { desde, hasta } = parseInput(rangeSchema, args);
    const found = await this.repo.variablesByIds(ids);
    if (found.length !== ids.length) throw variableNotFound();
    for (const variable of found) requireReadableVariable(viewer, variable);
    return this.repo.historicosByIds(ids, desde, hasta);
  }

  volumenDiario(args: { desde: unknown; hasta: unknown }): Promise<VolumenDiario[]> {
    const { desde, hasta } = parseInput(rangeSchema, args);
    return this.repo.dailyValues(PRODUCTION_VARIABLE, desde, hasta);
  }

  /** Month-to-date production against the month's plan (negociado and AOP), in percent. */
  async cumplimientoProduccion(args: { fecha: unknown }): Promise<CumplimientoProduccion> {
    const { fecha: day } = parseInput(fechaOnlySchema, args);
    const mes = firstOfMonth(day);
    const [mtd, plan] = await Promise.all([
      this.repo.monthToDate(PRODUCTION_VARIABLE, mes, day),
      this.planes.planificacionOf(PRODUCTION_VARIABLE, mes),
    ]);
    const real = mtd.filas === 0 ? null : (mtd.mensual ?? mtd.sumaDiario);
    return {
      fecha: day,
      real,
      plan: plan ?? null,
      cumplimientoNegociado: percentOf(real, plan?.negociado),
      cumplimientoAop: percentOf(real, plan?.aop),
    };
  }

  /** Twelve rows, January first: the month's plan and its real production (Σ diario). */
  async volumenMensual(args: { anio: unknown }): Promise<VolumenMensual[]> {
    const { anio } = parseInput(anioOnlySchema, args);
    const { desde, hasta } = yearBounds(anio);
    const [sums, plans] = await Promise.all([
      this.repo.monthlySums(PRODUCTION_VARIABLE, desde, hasta),
      this.planes.planesByMonth(PRODUCTION_VARIABLE, desde, hasta),
    ]);
    return Array.from({ length: 12 }, (_, i) => {
      const mes = i + 1;
      const plan = plans.find((p) => p.mes === mes);
      return {
        mes,
        nombreMes: monthName(mes),
        negociado: plan?.negociado ?? null,
        aop: plan?.aop ?? null,
        real: sums.find((s) => s.mes === mes)?.real ?? null,
      };
    });
  }

  async metas(viewer: HasRoles, args: { anio: unknown; variable_id: unknown }): Promise<MetaRecord[]> {
    const data = parseInput(metasSchema, args);
    requireReadableVariable(viewer, await mustFindVariable(this.repo, data.variable_id));
    const { desde, hasta } = yearBounds(data.anio);
    return this.repo.metasOfYear(data.variable_id, desde, hasta);
  }

  // ------------------------------------------------------------ mutations (admin)

  async upsertMeta(viewer: Viewer, input: unknown): Promise<MetaRecord> {
    requireAdmin(viewer);
    const data = parseInput(upsertMetaSchema, input);
    requireReadableVariable(viewer, await mustFindVariable(this.repo, data.variable_id));
    const metaId = await this.repo.upsertMeta(data.variable_id, data.fecha, data.valor);
    return mustFind(await this.repo.findMeta(metaId), 'La meta no existe');
  }

  /**
   * Creates a day's value. mensual/anual not given are derived from diario (by the variable's
   * agregacion), and so are the following days of the year; given ones are kept as entered.
   */
  async createHistorico(viewer: Viewer, input: unknown): Promise<HistoricoRecord> {
    requireAdmin(viewer);
    const data = parseInput(createHistoricoSchema, input);
    return this.repo.transaction(async (repo) => {
      requireReadableVariable(viewer, await mustFindVariable(repo, data.variable_id));
      await repo.lockVariableHistory(data.variable_id);
      const newId = await repo.insertHistorico(data.variable_id, {
        fecha: data.fecha,
        diario: data.diario,
        mensual: data.mensual ?? null,
        anual: data.anual ?? null,
        meta: data.meta ?? null,
      });
      if (newId === undefined) throw conflict(HISTORICO_DUPLICADO, 'fecha');
      const bothGiven = data.mensual !== undefined && data.anual !== undefined;
      await repo.recomputeAggregates([data.variable_id], data.fecha, bothGiven ? [newId] : []);
      // Only one of the two given: the other was derived above, the given one is put back.
      if (!bothGiven) await repo.setAggregates(newId, { mensual: data.mensual, anual: data.anual });
      return mustFind(await repo.findHistorico(newId), 'El histórico no existe');
    });
  }

  /** Replaces a day's values (kept as entered) and re-derives the following days of the year. */
  async updateHistorico(viewer: Viewer, rawId: unknown, input: unknown): Promise<HistoricoRecord> {
    requireAdmin(viewer);
    const historicoId = parseId(rawId);
    const data = parseInput(updateHistoricoSchema, input);
    return this.repo.transaction(async (repo) => {
      const current = mustFind(await repo.findHistorico(historicoId), 'El histórico no existe');
      requireReadableVariable(viewer, current.variable);
      const variableId = current.variable.id;
      await repo.lockVariableHistory(variableId);
      if (await repo.historicoAt(variableId, data.fecha, historicoId)) {
        throw conflict(HISTORICO_DUPLICADO, 'fecha');
      }
      if ((await repo.updateHistorico(historicoId, data)) === 'duplicate') {
        throw conflict(HISTORICO_DUPLICADO, 'fecha');
      }
      // From the earlier of the old and new dates: moving a row changes both windows.
      const desde = current.fecha < data.fecha ? current.fecha : data.fecha;
      await repo.recomputeAggregates([variableId], desde, [historicoId]);
      return mustFind(await repo.findHistorico(historicoId), 'El histórico no existe');
    });
  }
}

const variableNotFound = () => notFound('La variable no existe');

/** The variable with this id; NOT_FOUND 'La variable no existe' when there is none. */
export async function mustFindVariable(
  repo: Pick<VariablesRepository, 'findVariable'>,
  variableId: number,
): Promise<VariableRecord> {
  const found = await repo.findVariable(variableId);
  if (!found) throw variableNotFound();
  return found;
}
