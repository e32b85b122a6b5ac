import { isIsoDate, MESES, round2, ZERO_WASTE_TARGET, zeroWasteAccumulated, zwl } from '@planta/domain';
import { z } from 'zod';
import { badInput, conflict, notFound } from '../../errors.ts';
import { id, parseId, parseInput, requiredText } from '../../validation.ts';
import { escribirConfiguracion, escrito, nombreUnico, type Unicidad } from '../audit/escritura.ts';
import type { ClientInfo, Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import type {
  ClasificacionRecord,
  MonthRange,
  ProyeccionRecord,
  RegistroRecord,
  ZeroWasteRepository,
} from './zero-waste.repository.ts';

/** part / whole × 100, 2 decimals; null when there is no whole. */
const percent = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : null);

/** Row of the monthly table: one per month, then 'Acumulado'. */
export interface ZeroWasteMonthRow {
  mes: string;
  numero_mes: number | null;
  aprovechable: number;
  no_aprovechable: number;
  zwl: number | null;
  meta: number;
}

export interface ZeroWasteBreakdownRow {
  clasificacion_id: number;
  descripcion: string;
  aprovechable: boolean;
  kg: number;
  porcentaje: number | null;
}

const anio = z
  .number({ error: 'El campo "anio" debe ser un número entero' })
  .int('El campo "anio" debe ser un número entero')
  .min(2000, 'El campo "anio" debe estar entre 2000 y 2100')
  .max(2100, 'El campo "anio" debe estar entre 2000 y 2100');

const mes = z
  .number({ error: 'El campo "mes" debe ser un número entero' })
  .int('El campo "mes" debe ser un número entero')
  .min(1, 'El campo "mes" debe estar entre 1 y 12')
  .max(12, 'El campo "mes" debe estar entre 1 y 12');

const kilos = (field: string) =>
  z
    .number({ error: `El campo "${field}" debe ser un número` })
    .min(0, `El campo "${field}" no puede ser negativo`)
    .max(1e12, `El campo "${field}" es demasiado grande`);

const fecha = (field: string) =>
  z
    .string({ error: `El campo "${field}" es obligatorio` })
    .refine(isIsoDate, `El campo "${field}" debe ser una fecha AAAA-MM-DD`)
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= 2000 && year <= 2100;
    }, `El campo "${field}" debe estar entre los años 2000 y 2100`);

const yearSchema = z.object({ anio });
const breakdownSchema = z.object({ anio, mes: mes.nullish() });

const version = z
  .number({ error: 'El campo "version" debe ser un número entero' })
  .int('El campo "version" debe ser un número entero')
  .min(1, 'El campo "version" debe ser un número entero positivo')
  .max(2_147_483_647, 'El campo "version" no es válido')
  .nullish();

const registroSchema = z.strictObject({
  mes: fecha('mes'),
  clasificacion_id: id('clasificacion_id'),
  kg: kilos('kg'),
  version,
});

/** Most classifications a month's save may carry (the plant has a few dozen). */
export const MAX_REGISTROS_MES = 200;

const mesSchema = z.strictObject({
  mes: fecha('mes'),
  registros: z
    .array(
      z.strictObject({
        clasificacion_id: id('registros.clasificacion_id'),
        kg: kilos('registros.kg'),
        version,
      }),
      { error: 'El campo "registros" debe ser una lista' },
    )
    .max(MAX_REGISTROS_MES, `El campo "registros" admite como máximo ${MAX_REGISTROS_MES} elementos`),
});

const clasificacionSchema = z.strictObject({
  descripcion: requiredText('descripcion', 120),
  aprovechable: z.boolean({ error: 'El campo "aprovechable" debe ser verdadero o falso' }),
});
const clasificacionUpdateSchema = clasificacionSchema.extend({ version });

const proyeccionSchema = z.strictObject({
  anio,
  clasificacion_id: id('clasificacion_id'),
  aprovechables: kilos('aprovechables'),
  no_aprovechables: kilos('no_aprovechables'),
  zero_waste: z
    .number({ error: 'El campo "zero_waste" debe ser un número' })
    .min(0, 'El campo "zero_waste" debe estar entre 0 y 100')
    .max(100, 'El campo "zero_waste" debe estar entre 0 y 100'),
  version,
});

/** What the audit keeps of a monthly record. */
const registroAudit = (r: RegistroRecord) => ({
  id: r.id,
  mes: r.mes,
  clasificacion_id: r.clasificacion.id,
  clasificacion: r.clasificacion.descripcion,
  kg: r.kg,
  version: r.version,
});
const proyeccionAudit = (p: ProyeccionRecord) => ({
  id: p.id,
  anio: p.anio,
  clasificacion_id: p.clasificacion.id,
  clasificacion: p.clasificacion.descripcion,
  aprovechables: p.aprovechables,
  no_aprovechables: p.noAprovechables,
  zero_waste: p.zeroWaste,
  version: p.version,
});

const firstOfMonth = (year: number, month: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;

/** [first day of the period, first day after it). */
function periodOf(year: number, month?: number | null): MonthRange {
  if (month == null) return { from: firstOfMonth(year, 1), to: firstOfMonth(year + 1, 1) };
  return {
    from: firstOfMonth(year, month),
    to: month === 12 ? firstOfMonth(year + 1, 1) : firstOfMonth(year, month + 1),
  };
}

export class ZeroWasteService {
  constructor(private readonly repo: ZeroWasteRepository) {}

  clasificaciones(): Promise<ClasificacionRecord[]> {
    return this.repo.clasificaciones();
  }

  /**
   * Twelve months in order, then 'Acumulado'. Each zwl is aprovechable / total × 100 of that
   * row's sums; the accumulated zwl is the ratio of the year's sums, so a month with little waste
   * weighs little (never the mean of the monthly percentages).
   */
  async mensual(input: unknown): Promise<ZeroWasteMonthRow[]> {
    const { anio: year } = parseInput(yearSchema, input);
    const totals = new Map((await this.repo.monthTotals(periodOf(year))).map((t) => [t.month, t]));
    const months = MESES.map((name, index): ZeroWasteMonthRow => {
      const t = totals.get(index + 1);
      const aprovechable = t?.aprovechable ?? 0;
      const noAprovechable = t?.noAprovechable ?? 0;
      return {
        mes: name,
        numero_mes: index + 1,
        aprovechable,
        no_aprovechable: noAprovechable,
        zwl: zwl(aprovechable, noAprovechable),
        meta: ZERO_WASTE_TARGET,
      };
    });
    return [...months, { ...zeroWasteAccumulated(months), numero_mes: null, meta: ZERO_WASTE_TARGET }];
  }

  /** kg per classification in the year (or one month of it), with its share of the period's total. */
  async desglose(input: unknown): Promise<ZeroWasteBreakdownRow[]> {
    const { anio: year, mes: month } = parseInput(breakdownSchema, input);
    const rows = await this.repo.totalsByClasificacion(periodOf(year, month));
    const total = rows.reduce((sum, row) => sum + row.kg, 0);
    return rows.map((row) => ({
      clasificacion_id: row.id,
      descripcion: row.descripcion,
      aprovechable: row.aprovechable,
      kg: row.kg,
      porcentaje: percent(row.kg, total),
    }));
  }

  proyeccion(input: unknown): Promise<ProyeccionRecord[]> {
    const { anio: year } = parseInput(yearSchema, input);
    return this.repo.proyecciones(year);
  }

  /** The kg recorded in one month (any day of it). */
  async registrosDelMes(viewer: Viewer, mesArg: unknown): Promise<RegistroRecord[]> {
    requireAdmin(viewer);
    const { mes: dia } = parseInput(z.object({ mes: fecha('mes') }), { mes: mesArg });
    return this.repo.registrosDelMes(`${dia.slice(0, 7)}-01`);
  }

  /**
   * Writes one classification's kg of a month inside a transaction: a stale version is refused, an
   * unchanged kg leaves the row (and its version) alone, a change is audited.
   */
  private async writeRegistro(
    repo: ZeroWasteRepository,
    viewer: Viewer,
    client: ClientInfo | null,
    mes: string,
    clasificacionId: number,
    kg: number,
    expected: number | null | undefined,
  ): Promise<RegistroRecord> {
    const { despues } = await escribirConfiguracion(repo.handle, {
      autor: { viewer, client },
      entidad: 'zw_registros',
      bloquear: () => repo.findRegistro(mes, clasificacionId, true),
      siFalta: 'crear',
      version: expected,
      sinCambio: (current) => current.kg === kg,
      aplicar: async () => escrito(await repo.upsertRegistro({ mes, clasificacionId, kg })),
      vista: registroAudit,
    });
    return despues!;
  }

  /** Sets the kg of a classification in a month; any day of the month stands for the month. The month's ZWL follows. */
  async upsertRegistro(
    viewer: Viewer,
    input: unknown,
    client: ClientInfo | null = null,
  ): Promise<RegistroRecord> {
    requireAdmin(viewer);
    const data = parseInput(registroSchema, input);
    const mes = `${data.mes.slice(0, 7)}-01`;
    return this.repo.transaction(async (repo) => {
      await this.mustFindClasificacion(repo, data.clasificacion_id);
      const saved = await this.writeRegistro(
        repo,
        viewer,
        client,
        mes,
        data.clasificacion_id,
        data.kg,
        data.version,
      );
      await repo.deriveZwl(mes);
      return saved;
    });
  }

  /** Every classification's kg of one month in one transaction (all or nothing); the month's ZWL follows. */
  async guardarMes(viewer: Viewer, client: ClientInfo | null, input: unknown): Promise<RegistroRecord[]> {
    requireAdmin(viewer);
    const data = parseInput(mesSchema, input);
    const mes = `${data.mes.slice(0, 7)}-01`;
    const seen = new Set<number>();
    for (const r of data.registros) {
      if (seen.has(r.clasificacion_id)) {
        throw badInput('El campo "registros" repite una clasificación', 'registros');
      }
      seen.add(r.clasificacion_id);
    }
    return this.repo.transaction(async (repo) => {
      for (const r of [...data.registros].sort((a, b) => a.clasificacion_id - b.clasificacion_id)) {
        await this.mustFindClasificacion(repo, r.clasificacion_id);
        await this.writeRegistro(repo, viewer, client, mes, r.clasificacion_id, r.kg, r.version);
      }
      await repo.deriveZwl(mes);
      return repo.registrosDelMes(mes);
    });
  }

  async upsertProyeccion(
    viewer: Viewer,
    input: unknown,
    client: ClientInfo | null = null,
  ): Promise<ProyeccionRecord> {
    requireAdmin(viewer);
    const data = parseInput(proyeccionSchema, input);
    return this.repo.transaction(async (repo) => {
      await this.mustFindClasificacion(repo, data.clasificacion_id);
      const { despues } = await escribirConfiguracion(repo.handle, {
        autor: { viewer, client },
        entidad: 'zw_proyecciones',
        bloquear: () => repo.findProyeccion(data.anio, data.clasificacion_id, true),
        siFalta: 'crear',
        version: data.version,
        aplicar: async () =>
          escrito(
            await repo.upsertProyeccion({
              anio: data.anio,
              clasificacionId: data.clasificacion_id,
              aprovechables: data.aprovechables,
              noAprovechables: data.no_aprovechables,
              zeroWaste: data.zero_waste,
            }),
          ),
        vista: proyeccionAudit,
      });
      return despues!;
    });
  }

  // ------------------------------------------------------------ classifications

  /** A classification's descripcion is unique (case-insensitive): the message names the other one. */
  private descripcionUnica(
    repo: ZeroWasteRepository,
    descripcion: string,
    exceptId: number | null,
  ): Unicidad {
    return nombreUnico(
      'descripcion',
      descripcion,
      (d) => `Ya existe la clasificación «${d}»`,
      async () => (await repo.findClasificacionByDescripcion(descripcion, exceptId))?.descripcion,
    );
  }

  async createClasificacion(
    viewer: Viewer,
    client: ClientInfo,
    input: unknown,
  ): Promise<ClasificacionRecord> {
    requireAdmin(viewer);
    const data = parseInput(clasificacionSchema, input);
    return this.repo.transaction(async (repo) => {
      await repo.lockClasificaciones();
      const { despues } = await escribirConfiguracion<ClasificacionRecord, ClasificacionRecord>(repo.handle, {
        autor: { viewer, client },
        entidad: 'zw_clasificaciones',
        unico: this.descripcionUnica(repo, data.descripcion, null),
        aplicar: async () => escrito(await repo.insertClasificacion(data)),
      });
      return despues!;
    });
  }

  /** Renames or reclassifies; when aprovechable changes, the ZWL of every month with its kg follows. */
  async updateClasificacion(
    viewer: Viewer,
    client: ClientInfo,
    idArg: unknown,
    input: unknown,
  ): Promise<ClasificacionRecord> {
    requireAdmin(viewer);
    const clasificacionId = parseId(idArg);
    const data = parseInput(clasificacionUpdateSchema, input);
    return this.repo.transaction(async (repo) => {
      await repo.lockClasificaciones();
      const { antes, despues } = await escribirConfiguracion(repo.handle, {
        autor: { viewer, client },
        entidad: 'zw_clasificaciones',
        bloquear: () => repo.findClasificacion(clasificacionId, true),
        noExiste: CLASIFICACION_CAMBIADA,
        version: data.version,
        unico: this.descripcionUnica(repo, data.descripcion, clasificacionId),
        aplicar: async () =>
          escrito(
            await repo.updateClasificacion(clasificacionId, {
              descripcion: data.descripcion,
              aprovechable: data.aprovechable,
            }),
          ),
      });
      if (antes!.aprovechable !== despues!.aprovechable) {
        for (const mes of await repo.mesesDeClasificacion(clasificacionId)) await repo.deriveZwl(mes);
      }
      return despues!;
    });
  }

  /** Deletes a classification only while no monthly kg or projection names it. */
  async deleteClasificacion(
    viewer: Viewer,
    client: ClientInfo,
    idArg: unknown,
    versionArg: unknown,
  ): Promise<ClasificacionRecord> {
    requireAdmin(viewer);
    const clasificacionId = parseId(idArg);
    const { version: expected } = parseInput(z.object({ version }), { version: versionArg ?? null });
    return this.repo.transaction(async (repo) => {
      const { antes } = await escribirConfiguracion(repo.handle, {
        autor: { viewer, client },
        entidad: 'zw_clasificaciones',
        bloquear: () => repo.findClasificacion(clasificacionId, true),
        noExiste: CLASIFICACION_CAMBIADA,
        version: expected,
        validar: async (current) => {
          const uso = await repo.usoClasificacion(clasificacionId);
          if (uso.registros > 0 || uso.proyecciones > 0) {
            const partes = [
              uso.registros > 0
                ? `${uso.registros} ${uso.registros === 1 ? 'mes con kg registrados' : 'meses con kg registrados'}`
                : null,
              uso.proyecciones > 0
                ? `${uso.proyecciones} ${uso.proyecciones === 1 ? 'proyección' : 'proyecciones'}`
                : null,
            ].filter(Boolean);
            throw conflict(
              `La clasificación «${current!.descripcion}» no se puede eliminar: la usan ${partes.join(' y ')}`,
              'id',
            );
          }
        },
        aplicar: async () => {
          await repo.deleteClasificacion(clasificacionId);
          return { id: clasificacionId, despues: null };
        },
      });
      return antes!;
    });
  }

  private async mustFindClasificacion(repo: ZeroWasteRepository, clasificacionId: number): Promise<void> {
    if (!(await repo.findClasificacion(clasificacionId))) {
      throw notFound('La clasificación de residuos no existe');
    }
  }
}

const CLASIFICACION_CAMBIADA = 'La clasificación de residuos no existe (otro usuario pudo eliminarla)';
