import type { IResolvers } from 'mercurius';
import { fechasDesde } from '@planta/domain';
import type { HistoricoRecord, MetaRecord, SerieHistorica, VariableRecord } from './variables.repository.ts';
import { toVariableDto } from './variables.dto.ts';
import type { ResumenVariable, VariablesService } from './variables.service.ts';

/** Rows of one read share their variable's record, and so its one DTO. */
const variableDtos = new WeakMap<VariableRecord, ReturnType<typeof toVariableDto>>();
function variableDtoOf(variable: VariableRecord) {
  let dto = variableDtos.get(variable);
  if (!dto) variableDtos.set(variable, (dto = toVariableDto(variable)));
  return dto;
}

function toResumenDto(r: ResumenVariable) {
  const { metaMensual, metaAnual, avanceProgramado, metaRitmo, variable, ...rest } = r;
  return {
    ...rest,
    meta_mensual: metaMensual,
    meta_anual: metaAnual,
    avance_programado: avanceProgramado,
    meta_ritmo: metaRitmo,
    variable: toVariableDto(variable),
  };
}

/** Property by property (a rest spread is the slow path of V8: a year of rows pays it per row). */
export function toHistoricoDto(row: HistoricoRecord) {
  return {
    id: row.id,
    fecha: row.fecha,
    diario: row.diario,
    mensual: row.mensual,
    anual: row.anual,
    meta: row.meta,
    version: row.version,
    diario_manual: row.diarioManual,
    mensual_manual: row.mensualManual,
    anual_manual: row.anualManual,
    variable: variableDtoOf(row.variable),
  };
}

export function toMetaDto(row: MetaRecord) {
  return { ...row, variable: toVariableDto(row.variable) };
}

type Args = Record<string, unknown>;

export function variablesResolvers(service: VariablesService): IResolvers {
  return {
    Query: {
      variables: async (_root, args: Args, ctx) => {
        const viewer = await ctx.requireViewer();
        return (await service.variables(viewer, args)).map(toVariableDto);
      },
      historicosVariable: async (_root, args: { nombre: unknown; desde: unknown; hasta: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        return (await service.historicosVariable(viewer, args)).map(toHistoricoDto);
      },
      historicoFecha: async (_root, args: { nombre: unknown; fecha: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        const row = await service.historicoFecha(viewer, args);
        return row && toHistoricoDto(row);
      },
      historicosNombres: async (_root, args: { nombres: unknown; fecha: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        return (await service.historicosNombres(viewer, args)).map(toHistoricoDto);
      },
      resumenVariables: async (_root, args: { nombres: unknown; fecha: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        return (await service.resumenVariables(viewer, args)).map(toResumenDto);
      },
      ultimaFechaVariable: async (_root, args: { nombre: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        return service.ultimaFechaVariable(viewer, args);
      },
      historicosSeries: async (_root, args: { nombres: unknown; desde: unknown; hasta: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        return (await service.historicosSeries(viewer, args)).map((serie) => ({
          ...serie,
          variable: variableDtoOf(serie.variable),
        }));
      },
      historicosVariables: async (_root, args: { ids: unknown; desde: unknown; hasta: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        return (await service.historicosVariables(viewer, args)).map(toHistoricoDto);
      },
      metas: async (_root, args: { anio: unknown; variable_id: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        return (await service.metas(viewer, args)).map(toMetaDto);
      },
      variablesConfiguracion: async (_root, _args, ctx) =>
        (await service.variablesConfiguracion(await ctx.requireViewer())).map(toVariableDto),
    },
    Mutation: {
      upsertMeta: async (_root, args: { input: unknown }, ctx) =>
        toMetaDto(await service.upsertMeta(await ctx.requireViewer(), args.input, ctx.client)),
      deleteMeta: async (_root, args: { id: unknown; version?: unknown }, ctx) =>
        toMetaDto(await service.deleteMeta(await ctx.requireViewer(), args, ctx.client)),
      createHistorico: async (_root, args: { input: unknown }, ctx) =>
        toHistoricoDto(await service.createHistorico(await ctx.requireViewer(), args.input, ctx.client)),
      updateHistorico: async (_root, args: { id: string; input: unknown }, ctx) =>
        toHistoricoDto(
          await service.updateHistorico(await ctx.requireViewer(), args.id, args.input, ctx.client),
        ),
      createVariable: async (_root, args: { input: unknown }, ctx) =>
        toVariableDto(await service.createVariable(await ctx.requireViewer(), args.input, ctx.client)),
      updateVariable: async (_root, args: { id: unknown; input: unknown }, ctx) =>
        toVariableDto(
          await service.updateVariable(await ctx.requireViewer(), args.id, args.input, ctx.client),
        ),
      cambiarEstadoVariable: async (_root, args: { id: unknown; estado: unknown; version?: unknown }, ctx) =>
        toVariableDto(await service.cambiarEstadoVariable(await ctx.requireViewer(), args, ctx.client)),
    },
    // The dates written only for a client that asks them (the web's charts ask `dia`).
    HistoricoSerie: {
      fecha: (serie: SerieHistorica) => fechasDesde(serie.desde, serie.dia),
    },
  };
}
