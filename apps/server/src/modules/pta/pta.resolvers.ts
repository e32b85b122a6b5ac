import type { IResolvers } from 'mercurius';
import { toVariableDto } from '../variables/variables.dto.ts';
import type { DiaPtaResult, PtaService, TotalesPta } from './pta.service.ts';

function toTotalesDto(t: TotalesPta & { desde: string; hasta: string }) {
  return {
    desde: t.desde,
    hasta: t.hasta,
    dias: t.dias,
    afluente_m3: t.afluenteM3,
    efluente_m3: t.efluenteM3,
    cargas: t.cargas.map((c) => ({
      clave: c.clave,
      nombre: c.nombre,
      carga_entrada_kg: c.cargaEntradaKg,
      carga_salida_kg: c.cargaSalidaKg,
      carga_removida_kg: c.cargaRemovidaKg,
      remocion_pct: c.remocionPct,
      dias: c.dias,
    })),
    lodos_kg: t.lodosKg,
    lodos_kg_por_kg_dqo: t.lodosPorKgDqo,
    energia_kwh: t.energiaKwh,
    energia_kwh_m3: t.energiaKwhM3,
  };
}

function toDiaDto(d: DiaPtaResult) {
  return {
    fecha: d.fecha,
    parametros: d.parametros.map((p) => ({ ...p, variable: toVariableDto(p.variable) })),
    remociones: d.remociones.map((r) => ({
      clave: r.clave,
      nombre: r.nombre,
      unidad: r.unidad,
      entrada: r.entrada,
      salida: r.salida,
      remocion_pct: r.remocionPct,
      carga_entrada_kg: r.cargaEntradaKg,
      carga_salida_kg: r.cargaSalidaKg,
      carga_removida_kg: r.cargaRemovidaKg,
      minimo: r.minimo,
      maximo: r.maximo,
      estado: r.estado,
    })),
    fuera_de_limite: d.fueraDeLimite,
    con_datos: d.conDatos,
  };
}

/** Any logged-in user (like the other plant screens); the variables service applies area access. */
export function ptaResolvers(service: PtaService): IResolvers {
  return {
    Query: {
      ptaDia: async (_root, args: { fecha: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        return toDiaDto(await service.dia(viewer, args));
      },
      ptaTendencia: async (_root, args: { desde: unknown; hasta: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        const t = await service.tendencia(viewer, args);
        return { ...t, series: t.series.map((s) => ({ ...s, variable: toVariableDto(s.variable) })) };
      },
      ptaAcumulados: async (_root, args: { fecha: unknown }, ctx) => {
        const viewer = await ctx.requireViewer();
        const a = await service.acumulados(viewer, args);
        return {
          fecha: a.fecha,
          mes: toTotalesDto(a.mes),
          anio: toTotalesDto(a.anio),
          meses: a.meses.map((m) => ({ mes: m.mes, nombre_mes: m.nombreMes, totales: toTotalesDto(m) })),
        };
      },
    },
  };
}
