import { MESES, monthName, type HasRoles } from '@planta/domain';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { id, parseId, parseInput } from '../../validation.ts';
import { versionConflict } from '../audit/cambios.ts';
import { escribirConfiguracion, type EscrituraConfig, type Unicidad } from '../audit/escritura.ts';
import type { ClientInfo, Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { anioSchema, fechaSchema, firstOfMonth, rangeSchema, yearBounds } from '../../dates.ts';
import { mustFind, numero, numeroOpcional, strictInput } from '../../service-helpers.ts';
import { canReadVariable, requireReadableVariable } from '../variables/variable-access.ts';
import type { VariablesRepository } from '../variables/variables.repository.ts';
import { mustFindVariable } from '../variables/variables.service.ts';
import type { PlanificacionesRepository, PlanificacionRecord } from './planificaciones.repository.ts';

export const PLANIFICACION_DUPLICADA = 'Ya existe una planificación para esta variable en este mes';
const NO_EXISTE = 'La planificación no existe';

/**
 * The plant's production variable (unit cases), source of volumenDiario, cumplimientoProduccion
 * and volumenMensual. Kept here only until the plant model names its variables.
 */
export const PRODUCTION_VARIABLE = 'Producción (CU)';

/** The version read by the editor (optional: API clients of SPEC §7 may leave it out). */
const version = z
  .number({ error: 'El campo "version" debe ser un número entero' })
  .int('El campo "version" debe ser un número entero')
  .min(1, 'El campo "version" debe ser un número entero positivo')
  .nullish()
  .transform((value) => value ?? undefined);

const planificacionFields = {
  variable_id: id('variable_id'),
  fecha: fechaSchema('fecha').transform(firstOfMonth),
  negociado: numero('negociado'),
  aop: numero('aop'),
};
/** createPlanificacion: a new plan has no version to name. */
const createSchema = strictInput(planificacionFields);
const updateSchema = strictInput({ ...planificacionFields, version });

const planAnualSchema = strictInput({
  variable_id: id('variable_id'),
  anio: anioSchema,
  meses: z
    .array(
      strictInput({
        mes: z
          .number({ error: 'El campo "mes" debe ser un mes del 1 al 12' })
          .int('El campo "mes" debe ser un mes del 1 al 12')
          .min(1, 'El campo "mes" debe ser un mes del 1 al 12')
          .max(12, 'El campo "mes" debe ser un mes del 1 al 12'),
        aop: numero('aop'),
        negociado: numeroOpcional('negociado'),
        version,
      }),
      { error: 'El campo "meses" debe ser una lista de meses' },
    )
    .min(1, 'El campo "meses" debe tener al menos un mes')
    .max(12, 'El campo "meses" admite como máximo 12 meses')
    .superRefine((meses, ctx) => {
      const vistos = new Set<number>();
      for (const [i, m] of meses.entries()) {
        // Refinements run even when an element failed: a month out of range is named by its number.
        const nombre = MESES[m.mes - 1]?.toLowerCase() ?? `el mes ${m.mes}`;
        if (vistos.has(m.mes)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'mes'],
            message: `El campo "meses" repite el mes de ${nombre}`,
          });
        }
        vistos.add(m.mes);
        for (const field of ['aop', 'negociado'] as const) {
          const value = m[field];
          if (value !== undefined && value < 0) {
            ctx.addIssue({
              code: 'custom',
              path: [i, field],
              message: `El campo "${field}" de ${nombre} no puede ser negativo`,
            });
          }
        }
      }
    }),
});

/** A plan as the audit keeps it (before/after). */
function snapshot(plan: PlanificacionRecord) {
  return {
    id: plan.id,
    variable_id: plan.variable.id,
    variable: plan.variable.nombre,
    fecha: plan.fecha,
    negociado: plan.negociado,
    aop: plan.aop,
    version: plan.version,
  };
}

const fechaOnlySchema = z.object({ fecha: fechaSchema('fecha') });
const anioOnlySchema = z.object({ anio: anioSchema });

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

export class PlanificacionesService {
  constructor(
    private readonly repo: PlanificacionesRepository,
    private readonly variables: VariablesRepository,
  ) {}

  // ------------------------------------------------------------ queries (any logged-in user)
  // Plans of variables of an area the viewer may not read (variable-access.ts) are left out.

  async planificaciones(viewer: HasRoles): Promise<PlanificacionRecord[]> {
    return (await this.repo.listPlanificaciones()).filter((p) => canReadVariable(viewer, p.variable));
  }

  // ------------------------------------------------------------ the plan against production
  // The /planificacion screen's figures (any logged-in user): the plant's production variable
  // against its monthly plan.

  volumenDiario(args: { desde: unknown; hasta: unknown }): Promise<VolumenDiario[]> {
    const { desde, hasta } = parseInput(rangeSchema, args);
    return this.variables.dailyValues(PRODUCTION_VARIABLE, desde, hasta);
  }

  /** Month-to-date production against the month's plan (negociado and AOP), in percent. */
  async cumplimientoProduccion(args: { fecha: unknown }): Promise<CumplimientoProduccion> {
    const { fecha: day } = parseInput(fechaOnlySchema, args);
    const mes = firstOfMonth(day);
    const [mtd, plan] = await Promise.all([
      this.variables.monthToDate(PRODUCTION_VARIABLE, mes, day),
      this.repo.planificacionOf(PRODUCTION_VARIABLE, mes),
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
      this.variables.monthlySums(PRODUCTION_VARIABLE, desde, hasta),
      this.repo.planesByMonth(PRODUCTION_VARIABLE, desde, hasta),
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

  // ------------------------------------------------------------ mutations (admin, audited)

  async createPlanificacion(
    viewer: Viewer,
    input: unknown,
    client?: ClientInfo,
  ): Promise<PlanificacionRecord> {
    requireAdmin(viewer);
    const data = parseInput(createSchema, input);
    requireReadableVariable(viewer, await mustFindVariable(this.variables, data.variable_id));
    return this.repo.transaction(async (repo) =>
      escribirPlan(repo, { viewer, client }, null, {
        unico: UNICO,
        aplicar: async () => {
          const newId = await repo.insertPlanificacion({
            variableId: data.variable_id,
            fecha: data.fecha,
            negociado: data.negociado,
            aop: data.aop,
          });
          return newId === undefined ? 'duplicate' : leido(repo, newId);
        },
      }),
    );
  }

  /** Replaces a plan's values; a stale `version` is a CONFLICT and changes nothing. */
  async updatePlanificacion(
    viewer: Viewer,
    rawId: unknown,
    input: unknown,
    client?: ClientInfo,
  ): Promise<PlanificacionRecord> {
    requireAdmin(viewer);
    const planId = parseId(rawId);
    const data = parseInput(updateSchema, input);
    requireReadableVariable(viewer, await mustFindVariable(this.variables, data.variable_id));
    const values = {
      variableId: data.variable_id,
      fecha: data.fecha,
      negociado: data.negociado,
      aop: data.aop,
    };
    return this.repo.transaction(async (repo) =>
      escribirPlan(repo, { viewer, client }, planId, {
        version: data.version,
        unico: { ...UNICO, ocupado: () => repo.planificacionExists(values.variableId, values.fecha, planId) },
        aplicar: async () =>
          (await repo.updatePlanificacion(planId, values)) === 'duplicate'
            ? 'duplicate'
            : leido(repo, planId),
      }),
    );
  }

  /** Deletes a plan and returns it as it was; a stale `version` is a CONFLICT. */
  async deletePlanificacion(
    viewer: Viewer,
    rawId: unknown,
    rawVersion?: unknown,
    client?: ClientInfo,
  ): Promise<PlanificacionRecord> {
    requireAdmin(viewer);
    const planId = parseId(rawId);
    const expected = parseInput(z.object({ version }), { version: rawVersion }).version;
    return this.repo.transaction(async (repo) => {
      let antes: PlanificacionRecord | undefined;
      await escribirPlan(repo, { viewer, client }, planId, {
        version: expected,
        aplicar: async (plan) => {
          antes = plan!;
          if (!(await repo.deletePlanificacion(planId))) throw notFound(NO_EXISTE);
          return { id: planId, despues: null };
        },
      });
      return antes!;
    });
  }

  /**
   * A variable's plan for the months of a year in one transaction (the AOP pasted from a
   * spreadsheet): months with a plan are updated (negociado kept when not given), the others
   * created (negociado = aop when not given); one audit row per month written. A month whose
   * given version is not the stored one (or that was deleted meanwhile) is a CONFLICT and nothing
   * is written. Returns the variable's plans of that year, January first.
   */
  async guardarPlanAnual(
    viewer: Viewer,
    input: unknown,
    client?: ClientInfo,
  ): Promise<PlanificacionRecord[]> {
    requireAdmin(viewer);
    const data = parseInput(planAnualSchema, input);
    requireReadableVariable(viewer, await mustFindVariable(this.variables, data.variable_id));
    const anio = String(data.anio).padStart(4, '0');
    const fechaDe = (mes: number) => `${anio}-${String(mes).padStart(2, '0')}-01`;
    return this.repo.transaction(async (repo) => {
      // The year's plans of the variable, locked until the transaction ends.
      const existentes = new Map(
        (await repo.planesDelRango(data.variable_id, `${anio}-01-01`, `${anio}-12-31`)).map((p) => [
          p.fecha,
          p,
        ]),
      );
      for (const mes of [...data.meses].sort((a, b) => a.mes - b.mes)) {
        const fecha = fechaDe(mes.mes);
        const current = existentes.get(fecha);
        // A version for a month without a plan: someone deleted it meanwhile.
        if (!current && mes.version !== undefined) throw versionConflict();
        await escribirConfiguracion(repo.handle, {
          autor: { viewer, client },
          entidad: 'planificaciones',
          bloquear: current && (async () => current),
          version: mes.version,
          aplicar: async () => {
            if (current) {
              await repo.updatePlanificacion(current.id, {
                aop: mes.aop,
                ...(mes.negociado === undefined ? {} : { negociado: mes.negociado }),
              });
              return leido(repo, current.id);
            }
            const newId = await repo.insertPlanificacion({
              variableId: data.variable_id,
              fecha,
              aop: mes.aop,
              negociado: mes.negociado ?? mes.aop,
            });
            // Another admin created the month after we looked: theirs is not overwritten.
            if (newId === undefined) throw versionConflict();
            return leido(repo, newId);
          },
          vista: snapshot,
        });
      }
      return repo.planesDelRango(data.variable_id, `${anio}-01-01`, `${anio}-12-31`);
    });
  }
}

const UNICO: Unicidad = { mensaje: PLANIFICACION_DUPLICADA, campo: 'fecha' };

/** The plan as written: its id and itself. */
async function leido(repo: PlanificacionesRepository, planId: number) {
  return { id: planId, despues: mustFind(await repo.findPlanificacion(planId), NO_EXISTE) };
}

/**
 * A plan's write through the configuration write path: `planId` null creates; else the plan is
 * locked for update and must be of a variable the viewer may read. Returns the plan as written.
 */
async function escribirPlan(
  repo: PlanificacionesRepository,
  autor: { viewer: Viewer; client?: ClientInfo },
  planId: number | null,
  paso: Pick<EscrituraConfig<PlanificacionRecord, PlanificacionRecord>, 'version' | 'unico' | 'aplicar'>,
): Promise<PlanificacionRecord> {
  const { despues } = await escribirConfiguracion(repo.handle, {
    autor,
    entidad: 'planificaciones',
    bloquear:
      planId === null
        ? undefined
        : async () => {
            const plan = await repo.findPlanificacion(planId, true);
            if (plan) requireReadableVariable(autor.viewer, plan.variable);
            return plan;
          },
    noExiste: NO_EXISTE,
    ...paso,
    vista: snapshot,
  });
  return despues!;
}
