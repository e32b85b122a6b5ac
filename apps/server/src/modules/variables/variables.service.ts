import { acumulaEnElDia, type HasRoles, metaAlRitmo, periodMeta, ritmoPct } from '@planta/domain';
import { z } from 'zod';
import { lecturaSinHuella } from '../../db/cache-validado.ts';
import { badInput, notFound } from '../../errors.ts';
import { id, parseId, parseInput, requiredText } from '../../validation.ts';
import { escribirConfiguracion, type Unicidad } from '../audit/escritura.ts';
import type { ClientInfo, Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { avanceDelDia, type RitmoDeps } from './ritmo-dia.ts';
import { canReadVariable, requireReadableVariable } from './variable-access.ts';
import { anioSchema, fechaSchema, firstOfMonth, rangeSchema, yearBounds } from '../../dates.ts';
import { mustFind, numero, numeroOpcional, strictInput } from '../../service-helpers.ts';
import type {
  HistoricoRecord,
  MetaRecord,
  SerieHistorica,
  VariableRecord,
  VariablesRepository,
  VariableValues,
} from './variables.repository.ts';

export const HISTORICO_DUPLICADO = 'Ya existe un valor para esta variable en esta fecha';
export const VARIABLE_DUPLICADA = 'Ya existe una variable con ese nombre';

/** Longest list of names or ids one query may ask for. */
const MAX_ITEMS = 100;

const fecha = fechaSchema('fecha');
const nombre = requiredText('nombre');

const nombreRangeSchema = z.object({ nombre });
const nombreFechaSchema = z.object({ nombre, fecha });
const nombres = z
  .array(nombre, { error: 'El campo "nombres" debe ser una lista' })
  .max(MAX_ITEMS, `El campo "nombres" admite como máximo ${MAX_ITEMS} elementos`);
const nombresFechaSchema = z.object({ nombres, fecha });
const nombresSchema = z.object({ nombres });
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

/** The optional `version` of an update or delete (the web always sends it). */
const version = z
  .number({ error: 'El campo "version" debe ser un número entero' })
  .int('El campo "version" debe ser un número entero')
  .min(1, 'El campo "version" debe ser 1 o mayor')
  .max(2_147_483_647, 'El campo "version" está fuera de rango')
  .nullish()
  .transform((value) => value ?? undefined);

const bandera = (field: string) =>
  z
    .boolean({ error: `El campo "${field}" debe ser verdadero o falso` })
    .nullish()
    .transform((value) => value ?? false);

const upsertMetaSchema = strictInput({
  variable_id: id('variable_id'),
  fecha,
  valor: numero('valor'),
  version,
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
  version,
  mensual_calculado: bandera('mensual_calculado'),
  anual_calculado: bandera('anual_calculado'),
});

const deleteMetaSchema = z.object({ id: id('id'), version });

const NIVELES = ['GLOBAL', 'INDIVIDUAL'] as const;
const AGREGACIONES = ['SUMA', 'PROMEDIO', 'ULTIMO'] as const;
const FUENTES = ['MANUAL', 'OPC', 'CALCULADA'] as const;

const opcion = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `El campo "${field}" debe ser uno de: ${values.join(', ')}` });

const limite = (field: string) =>
  z
    .number({ error: `El campo "${field}" debe ser un número` })
    .nullish()
    .transform((value) => value ?? null);

/** A variable's editable fields, with the rules across fields (nivel → linea, minimo ≤ maximo). */
const variableFields = {
  nombre: requiredText('nombre', 200),
  nivel: opcion('nivel', NIVELES),
  minimo: limite('minimo'),
  maximo: limite('maximo'),
  linea_id: id('linea_id')
    .nullish()
    .transform((value) => value ?? null),
  area: requiredText('area', 100),
  unidad: requiredText('unidad', 50),
  decimales: z
    .number({ error: 'El campo "decimales" debe ser un número entero' })
    .int('El campo "decimales" debe ser un número entero')
    .min(0, 'El campo "decimales" debe estar entre 0 y 6')
    .max(6, 'El campo "decimales" debe estar entre 0 y 6'),
  agregacion: opcion('agregacion', AGREGACIONES),
  fuente: opcion('fuente', FUENTES)
    .nullish()
    .transform((value) => value ?? 'MANUAL'),
  mayor_es_mejor: z
    .boolean({ error: 'El campo "mayor_es_mejor" debe ser verdadero o falso' })
    .nullish()
    .transform((value) => value ?? true),
};

type VariableInput = { nivel: string; linea_id: number | null; minimo: number | null; maximo: number | null };

const variableRules = (data: VariableInput, ctx: z.RefinementCtx) => {
  if (data.nivel === 'INDIVIDUAL' && data.linea_id === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['linea_id'],
      message: 'El campo "linea_id" es obligatorio cuando el nivel es INDIVIDUAL',
    });
  }
  if (data.minimo !== null && data.maximo !== null && data.minimo > data.maximo) {
    ctx.addIssue({
      code: 'custom',
      path: ['maximo'],
      message: 'El campo "maximo" debe ser mayor o igual que el campo "minimo"',
    });
  }
};

const createVariableSchema = strictInput(variableFields).superRefine(variableRules);
const updateVariableSchema = strictInput({ ...variableFields, version }).superRefine(variableRules);
const estadoVariableSchema = z.object({
  id: id('id'),
  estado: z.union([z.literal(0), z.literal(1)], {
    error: 'El campo "estado" debe ser 0 (inactiva) o 1 (activa)',
  }),
  version,
});

/** Two numbers equal up to rounding noise (a form re-sending a derived figure it displayed). */
const mismoValor = (a: number | null, b: number) =>
  a !== null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

function toVariableValues(data: z.infer<typeof createVariableSchema>): VariableValues {
  return {
    nombre: data.nombre,
    nivel: data.nivel,
    minimo: data.minimo,
    maximo: data.maximo,
    lineaId: data.linea_id,
    area: data.area,
    unidad: data.unidad,
    agregacion: data.agregacion,
    fuente: data.fuente,
    decimales: data.decimales,
    mayorEsMejor: data.mayor_es_mejor,
  };
}

/** The audit snapshots (before / after) of the configuration writes, as the API names the fields. */
export const auditVariable = (v: VariableRecord) => ({
  id: v.id,
  nombre: v.nombre,
  estado: v.estado,
  nivel: v.nivel,
  minimo: v.minimo,
  maximo: v.maximo,
  linea_id: v.linea?.id ?? null,
  area: v.area,
  unidad: v.unidad,
  agregacion: v.agregacion,
  fuente: v.fuente,
  decimales: v.decimales,
  opc_node_id: v.opcNodeId,
  mayor_es_mejor: v.mayorEsMejor,
  version: v.version,
});

export const auditHistorico = (h: HistoricoRecord) => ({
  id: h.id,
  variable_id: h.variable.id,
  fecha: h.fecha,
  diario: h.diario,
  mensual: h.mensual,
  anual: h.anual,
  meta: h.meta,
  diario_manual: h.diarioManual,
  mensual_manual: h.mensualManual,
  anual_manual: h.anualManual,
  version: h.version,
});

export const auditMeta = (m: MetaRecord) => ({
  id: m.id,
  variable_id: m.variable.id,
  fecha: m.fecha,
  valor: m.valor,
  version: m.version,
});

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
  /** Share (0–1) of the day's meta due now: 1 for a day over, 0 for one not started (ritmo.ts). */
  avanceProgramado: number;
  /** The meta due now: the day's meta × avanceProgramado for figures that accumulate, else the meta. */
  metaRitmo: number | null;
  /** diario / metaRitmo × 100: the day in progress against its pace; = cumplimiento once the day is over. */
  ritmo: number | null;
}

export class VariablesService {
  constructor(
    private readonly repo: VariablesRepository,
    /** The clock and the shifts of the ritmo (the day in progress against its prorated meta). */
    private readonly ritmoDeps?: RitmoDeps,
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
  ): Promise<readonly HistoricoRecord[]> {
    const { nombre } = parseInput(nombreRangeSchema, { nombre: args.nombre });
    const { desde, hasta } = parseInput(rangeSchema, args);
    const variable = await this.repo.findVariableByNombre(nombre);
    if (!variable) {
      lecturaSinHuella(); // no variable: nothing fingerprinted says when one gets that name
      return [];
    }
    requireReadableVariable(viewer, variable);
    // The fingerprint of historicosDe covers the variable's row: renamed, it misses.
    return (await this.repo.historicosDe([variable.id], desde, hasta)).filas;
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
    const [latest, metasDelAnio, avance] = await Promise.all([
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
      this.ritmoDeps ? avanceDelDia(this.ritmoDeps, data.fecha) : () => 1,
    ]);
    const byNombre = new Map(found.map((v) => [v.nombre, v]));
    return nombres.flatMap((nombre) => {
      const variable = byNombre.get(nombre);
      if (!variable) return [];
      // The latest day with a value carries the month and the year to date (a day without a value
      // yet, such as the production day just started, adds nothing to them).
      const last = latest.find((r) => r.variableId === variable.id);
      const metas = metasDelAnio.filter((m) => m.variableId === variable.id);
      const diario = last?.fecha === data.fecha ? last.diario : null;
      // A day's own target for counts (none on a day off); ratios keep their latest target.
      const meta =
        variable.agregacion === 'SUMA'
          ? (metas.find((m) => m.fecha === data.fecha)?.meta ?? null)
          : periodMeta(
              variable.agregacion,
              metas.map((m) => m.meta),
            );
      // The day in progress is judged against the meta due by now (issue 31): the whole day's meta
      // prorated to the scheduled production time gone by, for figures that accumulate.
      const acumula = acumulaEnElDia(variable);
      const avanceProgramado = avance(variable.linea && variable.linea.numero > 0 ? variable.linea.id : null);
      return [
        {
          variable,
          fecha: data.fecha,
          diario,
          mensual: last && last.fecha >= mes ? last.mensual : null,
          anual: last ? last.anual : null,
          meta,
          avanceProgramado,
          metaRitmo: metaAlRitmo(meta, avanceProgramado, acumula),
          ritmo: ritmoPct(diario, meta, avanceProgramado, acumula),
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

  /**
   * The daily values of several variables between two dates, as columns, in the order asked (a
   * dashboard's trends in one request): unknown names and variables the viewer may not read are
   * skipped, as resumenVariables does.
   */
  async historicosSeries(
    viewer: HasRoles,
    args: { nombres: unknown; desde: unknown; hasta: unknown },
  ): Promise<readonly SerieHistorica[]> {
    const pedidos = [...new Set(parseInput(nombresSchema, { nombres: args.nombres }).nombres)];
    const { desde, hasta } = parseInput(rangeSchema, args);
    const legibles = (await this.repo.seriesDe(pedidos, desde, hasta)).filter((s) =>
      canReadVariable(viewer, s.variable),
    );
    const porNombre = new Map(legibles.map((s) => [s.variable.nombre, s]));
    return pedidos.flatMap((nombre) => porNombre.get(nombre) ?? []);
  }

  async historicosVariables(
    viewer: HasRoles,
    args: { ids: unknown; desde: unknown; hasta: unknown },
  ): Promise<readonly HistoricoRecord[]> {
    const ids = [...new Set(parseInput(idsSchema, { ids: args.ids }).ids)];
    const { desde, hasta } = parseInput(rangeSchema, args);
    const { variables: found, filas } = await this.repo.historicosDe(ids, desde, hasta);
    if (found.length !== ids.length) throw variableNotFound();
    for (const variable of found) requireReadableVariable(viewer, variable);
    return filas;
  }

  async metas(viewer: HasRoles, args: { anio: unknown; variable_id: unknown }): Promise<MetaRecord[]> {
    const data = parseInput(metasSchema, args);
    requireReadableVariable(viewer, await mustFindVariable(this.repo, data.variable_id));
    const { desde, hasta } = yearBounds(data.anio);
    return this.repo.metasOfYear(data.variable_id, desde, hasta);
  }

  // ------------------------------------------------------------ mutations (admin)
  // Each write goes through escribirConfiguracion in its own transaction: audited, and an update or
  // delete naming an older version than the stored one is a CONFLICT, nothing is overwritten.

  /** Every variable, active and inactive, by nombre (the configuration screen; admin). */
  async variablesConfiguracion(viewer: Viewer): Promise<VariableRecord[]> {
    requireAdmin(viewer);
    return (await this.repo.allVariables()).filter((v) => canReadVariable(viewer, v));
  }

  async createVariable(viewer: Viewer, input: unknown, client?: ClientInfo): Promise<VariableRecord> {
    requireAdmin(viewer);
    const data = parseInput(createVariableSchema, input);
    requireReadableVariable(viewer, data);
    return this.repo.transaction(async (repo) => {
      const { despues } = await escribirConfiguracion<VariableRecord, VariableRecord>(repo.handle, {
        autor: { viewer, client },
        entidad: 'variables',
        validar: () => checkLinea(repo, data.linea_id),
        unico: nombreUnico(repo, data.nombre),
        aplicar: async () => {
          const newId = await repo.insertVariable(toVariableValues(data));
          if (newId === 'duplicate') return newId;
          return { id: newId, despues: await mustFindVariable(repo, newId) };
        },
        vista: auditVariable,
      });
      return despues!;
    });
  }

  /** Replaces a variable's editable fields (its OPC node id and estado are not among them). */
  async updateVariable(
    viewer: Viewer,
    rawId: unknown,
    input: unknown,
    client?: ClientInfo,
  ): Promise<VariableRecord> {
    requireAdmin(viewer);
    const variableId = parseId(rawId);
    const data = parseInput(updateVariableSchema, input);
    requireReadableVariable(viewer, data);
    return this.repo.transaction(async (repo) => {
      const { despues } = await escribirConfiguracion(repo.handle, {
        autor: { viewer, client },
        entidad: 'variables',
        bloquear: () => lockReadableVariable(repo, viewer, variableId),
        noExiste: VARIABLE_NO_EXISTE,
        version: data.version,
        validar: () => checkLinea(repo, data.linea_id),
        unico: nombreUnico(repo, data.nombre, variableId),
        aplicar: async () => {
          if ((await repo.updateVariable(variableId, toVariableValues(data))) === 'duplicate')
            return 'duplicate';
          return { id: variableId, despues: await mustFindVariable(repo, variableId) };
        },
        vista: auditVariable,
      });
      return despues!;
    });
  }

  /** Activates (1) or deactivates (0) a variable: inactive ones leave the screens' lists. */
  async cambiarEstadoVariable(
    viewer: Viewer,
    args: { id: unknown; estado: unknown; version?: unknown },
    client?: ClientInfo,
  ): Promise<VariableRecord> {
    requireAdmin(viewer);
    const data = parseInput(estadoVariableSchema, args);
    return this.repo.transaction(async (repo) => {
      const { despues } = await escribirConfiguracion(repo.handle, {
        autor: { viewer, client },
        entidad: 'variables',
        bloquear: () => lockReadableVariable(repo, viewer, data.id),
        noExiste: VARIABLE_NO_EXISTE,
        version: data.version,
        aplicar: async () => {
          await repo.setVariableEstado(data.id, data.estado);
          return { id: data.id, despues: await mustFindVariable(repo, data.id) };
        },
        vista: auditVariable,
      });
      return despues!;
    });
  }

  /**
   * Inserts the meta, or replaces the valor of the variable's meta on that date. Replacing checks
   * the optional version against the stored one (CONFLICT when older).
   */
  async upsertMeta(viewer: Viewer, input: unknown, client?: ClientInfo): Promise<MetaRecord> {
    requireAdmin(viewer);
    const data = parseInput(upsertMetaSchema, input);
    return this.repo.transaction(async (repo) => {
      requireReadableVariable(viewer, await mustFindVariable(repo, data.variable_id));
      const { despues } = await escribirConfiguracion(repo.handle, {
        autor: { viewer, client },
        entidad: 'metas',
        bloquear: () => repo.lockMetaAt(data.variable_id, data.fecha),
        siFalta: 'crear',
        version: data.version,
        aplicar: async () => {
          const metaId = await repo.upsertMeta(data.variable_id, data.fecha, data.valor);
          return { id: metaId, despues: mustFind(await repo.findMeta(metaId), META_NO_EXISTE) };
        },
        vista: auditMeta,
      });
      return despues!;
    });
  }

  /** Deletes a meta; returns it as it was. */
  async deleteMeta(
    viewer: Viewer,
    args: { id: unknown; version?: unknown },
    client?: ClientInfo,
  ): Promise<MetaRecord> {
    requireAdmin(viewer);
    const data = parseInput(deleteMetaSchema, args);
    return this.repo.transaction(async (repo) => {
      const { antes } = await escribirConfiguracion(repo.handle, {
        autor: { viewer, client },
        entidad: 'metas',
        bloquear: async () => {
          const current = await repo.lockMeta(data.id);
          if (current) requireReadableVariable(viewer, current.variable);
          return current;
        },
        noExiste: META_NO_EXISTE,
        version: data.version,
        aplicar: async () => {
          await repo.deleteMeta(data.id);
          return { id: data.id, despues: null };
        },
        vista: auditMeta,
      });
      return antes!;
    });
  }

  /**
   * Creates a day's value, entered by hand (diario_manual). mensual/anual given are kept as
   * entered (marked manual: later writes never re-derive them); the ones not given are derived
   * from diario (by the variable's agregacion), and so are the following days of the year.
   */
  async createHistorico(viewer: Viewer, input: unknown, client?: ClientInfo): Promise<HistoricoRecord> {
    requireAdmin(viewer);
    const data = parseInput(createHistoricoSchema, input);
    return this.repo.transaction(async (repo) => {
      requireReadableVariable(viewer, await mustFindVariable(repo, data.variable_id));
      await repo.lockVariableHistory(data.variable_id);
      const { despues } = await escribirConfiguracion<HistoricoRecord, HistoricoRecord>(repo.handle, {
        autor: { viewer, client },
        entidad: 'historicos',
        unico: { mensaje: HISTORICO_DUPLICADO, campo: 'fecha' },
        aplicar: async () => {
          const newId = await repo.insertHistorico(data.variable_id, {
            fecha: data.fecha,
            diario: data.diario,
            mensual: data.mensual ?? null,
            anual: data.anual ?? null,
            meta: data.meta ?? null,
            diarioManual: true,
            mensualManual: data.mensual !== undefined,
            anualManual: data.anual !== undefined,
          });
          if (newId === undefined) return 'duplicate';
          await repo.recomputeAggregates([data.variable_id], data.fecha);
          return { id: newId, despues: mustFind(await repo.findHistorico(newId), HISTORICO_NO_EXISTE) };
        },
        vista: auditHistorico,
      });
      return despues!;
    });
  }

  /**
   * Replaces a day's values (diario becomes hand-entered) and re-derives the following days of the
   * year. mensual/anual become manual only when the value sent differs from the stored one (a
   * form re-sending the derived figures keeps them derived); an already manual one stays manual
   * unless mensual_calculado / anual_calculado ask to derive it again.
   */
  async updateHistorico(
    viewer: Viewer,
    rawId: unknown,
    input: unknown,
    client?: ClientInfo,
  ): Promise<HistoricoRecord> {
    requireAdmin(viewer);
    const historicoId = parseId(rawId);
    const data = parseInput(updateHistoricoSchema, input);
    return this.repo.transaction(async (repo) => {
      const found = mustFind(await repo.findHistorico(historicoId), HISTORICO_NO_EXISTE);
      requireReadableVariable(viewer, found.variable);
      const variableId = found.variable.id;
      // The variable's lock first, as createHistorico and the derivations take it, then the row's.
      await repo.lockVariableHistory(variableId);
      const { despues } = await escribirConfiguracion(repo.handle, {
        autor: { viewer, client },
        entidad: 'historicos',
        bloquear: () => repo.lockHistorico(historicoId),
        noExiste: HISTORICO_NO_EXISTE,
        version: data.version,
        unico: {
          mensaje: HISTORICO_DUPLICADO,
          campo: 'fecha',
          ocupado: async () => Boolean(await repo.historicoAt(variableId, data.fecha, historicoId)),
        },
        aplicar: async (current) => {
          const antes = current!;
          const mensualManual =
            !data.mensual_calculado && (antes.mensualManual || !mismoValor(antes.mensual, data.mensual));
          const anualManual =
            !data.anual_calculado && (antes.anualManual || !mismoValor(antes.anual, data.anual));
          const outcome = await repo.updateHistorico(historicoId, {
            fecha: data.fecha,
            diario: data.diario,
            // A figure left derived keeps the stored one until recomputeAggregates below.
            mensual: mensualManual ? data.mensual : antes.mensual,
            anual: anualManual ? data.anual : antes.anual,
            meta: data.meta,
            diarioManual: true,
            mensualManual,
            anualManual,
          });
          if (outcome === 'duplicate') return outcome;
          // From the earlier of the old and new dates: moving a row changes both windows.
          const desde = antes.fecha < data.fecha ? antes.fecha : data.fecha;
          await repo.recomputeAggregates([variableId], desde);
          return {
            id: historicoId,
            despues: mustFind(await repo.findHistorico(historicoId), HISTORICO_NO_EXISTE),
          };
        },
        vista: auditHistorico,
      });
      return despues!;
    });
  }
}

const VARIABLE_NO_EXISTE = 'La variable no existe';
const META_NO_EXISTE = 'La meta no existe';
const HISTORICO_NO_EXISTE = 'El histórico no existe';

/** The variable locked for update, when this viewer may read it (FORBIDDEN otherwise). */
async function lockReadableVariable(repo: VariablesRepository, viewer: Viewer, variableId: number) {
  await repo.lockVariable(variableId);
  const current = await repo.findVariable(variableId);
  if (current) requireReadableVariable(viewer, current);
  return current;
}

/** A variable's line, when it has one, exists. */
async function checkLinea(repo: VariablesRepository, lineaId: number | null): Promise<void> {
  if (lineaId !== null && !(await repo.lineaExists(lineaId))) {
    throw badInput('El campo "linea_id" no corresponde a una línea existente', 'linea_id');
  }
}

/** A variable's nombre is unique (case-insensitive). */
const nombreUnico = (repo: VariablesRepository, nombre: string, exceptId?: number): Unicidad => ({
  mensaje: VARIABLE_DUPLICADA,
  campo: 'nombre',
  ocupado: () => repo.nombreTaken(nombre, exceptId),
});

const variableNotFound = () => notFound(VARIABLE_NO_EXISTE);

/** The variable with this id; NOT_FOUND 'La variable no existe' when there is none. */
export async function mustFindVariable(
  repo: Pick<VariablesRepository, 'findVariable'>,
  variableId: number,
): Promise<VariableRecord> {
  const found = await repo.findVariable(variableId);
  if (!found) throw variableNotFound();
  return found;
}
