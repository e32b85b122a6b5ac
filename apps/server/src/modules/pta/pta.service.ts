import { type HasRoles, monthName, productionDaysBetween } from '@planta/domain';
import { z } from 'zod';
import { badInput } from '../../errors.ts';
import { parseDayRange } from '../../time-range.ts';
import { parseInput } from '../../validation.ts';
import { fechaSchema } from '../../dates.ts';
import type { HistoricoRecord, VariableRecord } from '../variables/variables.repository.ts';
import type { VariablesService } from '../variables/variables.service.ts';
import {
  CONTAMINANTES,
  type DiaPta,
  type EstadoLimite,
  PTA,
  PTA_CALCULADAS,
  PTA_ORDEN,
  type TotalesPta,
  carga,
  estadoLimite,
  remocion,
  totalesPta,
} from './pta.rules.ts';

/** ptaTendencia: at most a year of days. */
export const MAX_TENDENCIA_DIAS = 366;

/** The variables' area of the wastewater plant. */
export const AREA_PTA = 'pta';

/** What the PTA screens read from the variables service (area authorization included). */
export type PtaVariables = Pick<VariablesService, 'variables' | 'historicosVariables'>;

export interface ParametroPta {
  variable: VariableRecord;
  valor: number | null;
  estado: EstadoLimite;
}

export interface RemocionPta {
  clave: string;
  nombre: string;
  unidad: string;
  entrada: number | null;
  salida: number | null;
  remocionPct: number | null;
  cargaEntradaKg: number | null;
  cargaSalidaKg: number | null;
  cargaRemovidaKg: number | null;
  /** The configured removal limits (only DQO has a variable: 'Remoción DQO (%)'). */
  minimo: number | null;
  maximo: number | null;
  estado: EstadoLimite;
}

export interface DiaPtaResult {
  fecha: string;
  parametros: ParametroPta[];
  remociones: RemocionPta[];
  fueraDeLimite: number;
  conDatos: number;
}

const fechaArgs = z.object({ fecha: fechaSchema('fecha') });

export class PtaService {
  constructor(private readonly variables: PtaVariables) {}

  /** The active PTA variables the viewer may read, in display order (without calculated ones). */
  private async variablesPta(viewer: HasRoles) {
    const all = (await this.variables.variables(viewer, { estado: 1 })).filter((v) => v.area === AREA_PTA);
    const orden = (v: VariableRecord) => {
      const i = PTA_ORDEN.indexOf(v.nombre);
      return i === -1 ? PTA_ORDEN.length : i;
    };
    const parametros = all
      .filter((v) => !PTA_CALCULADAS.includes(v.nombre))
      .sort((a, b) => orden(a) - orden(b) || a.nombre.localeCompare(b.nombre, 'es'));
    return { all, parametros, remocionDqo: all.find((v) => v.nombre === PTA.remocionDqo) };
  }

  private async historicos(viewer: HasRoles, vars: readonly VariableRecord[], desde: string, hasta: string) {
    if (vars.length === 0) return [];
    return this.variables.historicosVariables(viewer, { ids: vars.map((v) => String(v.id)), desde, hasta });
  }

  /** The day: each parameter against its limits, and the removal and loads of each pollutant. */
  async dia(viewer: HasRoles, args: { fecha: unknown }): Promise<DiaPtaResult> {
    const { fecha } = parseInput(fechaArgs, args);
    const { parametros: vars, remocionDqo } = await this.variablesPta(viewer);
    const dia = porDia(await this.historicos(viewer, vars, fecha, fecha)).get(fecha) ?? new Map();
    const parametros = vars.map((variable) => {
      const valor = dia.get(variable.nombre) ?? null;
      return { variable, valor, estado: estadoLimite(valor, variable.minimo, variable.maximo) };
    });
    const unidad = (nombre: string) => vars.find((v) => v.nombre === nombre)?.unidad ?? 'mg/L';
    const qIn = dia.get(PTA.afluente);
    const qOut = dia.get(PTA.efluente);
    const remociones = CONTAMINANTES.filter((c) =>
      vars.some((v) => v.nombre === c.entrada || v.nombre === c.salida),
    ).map((c) => {
      const entrada = dia.get(c.entrada) ?? null;
      const salida = dia.get(c.salida) ?? null;
      const pct = remocion(entrada, salida);
      const limites = c.clave === 'DQO' ? remocionDqo : undefined;
      const cargaEntradaKg = carga(qIn, entrada);
      return {
        clave: c.clave,
        nombre: c.nombre,
        unidad: unidad(c.entrada),
        entrada,
        salida,
        remocionPct: pct,
        cargaEntradaKg,
        cargaSalidaKg: carga(qOut, salida),
        cargaRemovidaKg:
          qIn !== undefined && entrada !== null && salida !== null ? (qIn * (entrada - salida)) / 1000 : null,
        minimo: limites?.minimo ?? null,
        maximo: limites?.maximo ?? null,
        estado: estadoLimite(pct, limites?.minimo, limites?.maximo),
      };
    });
    const estados = [...parametros.map((p) => p.estado), ...remociones.map((r) => r.estado)];
    return {
      fecha,
      parametros,
      remociones,
      fueraDeLimite: estados.filter((e) => e === 'NO_CUMPLE').length,
      conDatos: parametros.filter((p) => p.valor !== null).length,
    };
  }

  /** Each parameter's daily values over desde…hasta (at most MAX_TENDENCIA_DIAS), null where none. */
  async tendencia(viewer: HasRoles, args: { desde: unknown; hasta: unknown }) {
    const { desde, hasta } = parseDayRange(args.desde, args.hasta);
    const fechas = productionDaysBetween(desde, hasta);
    if (fechas.length > MAX_TENDENCIA_DIAS) {
      throw badInput(
        `El rango de "desde" a "hasta" no puede superar ${MAX_TENDENCIA_DIAS} días (pidió ${fechas.length})`,
        'hasta',
      );
    }
    const { parametros: vars } = await this.variablesPta(viewer);
    const dias = porDia(await this.historicos(viewer, vars, desde, hasta));
    return {
      desde,
      hasta,
      fechas,
      series: vars.map((variable) => ({
        variable,
        valores: fechas.map((f) => dias.get(f)?.get(variable.nombre) ?? null),
      })),
    };
  }

  /**
   * Month to date and year to date of fecha (volumes, loads, removal, sludge, energy per m³ as
   * ratios of sums), and each month of the year up to fecha's month.
   */
  async acumulados(viewer: HasRoles, args: { fecha: unknown }) {
    const { fecha } = parseInput(fechaArgs, args);
    const { parametros: vars } = await this.variablesPta(viewer);
    const inicioAnio = `${fecha.slice(0, 4)}-01-01`;
    const dias = [...porDia(await this.historicos(viewer, vars, inicioAnio, fecha)).entries()];
    const entre = (desde: string, hasta: string) =>
      dias.filter(([f]) => f >= desde && f <= hasta).map(([, d]) => d);
    const mesActual = Number(fecha.slice(5, 7));
    const meses = Array.from({ length: mesActual }, (_, i) => {
      const mm = String(i + 1).padStart(2, '0');
      const desde = `${fecha.slice(0, 4)}-${mm}-01`;
      const hasta = i + 1 === mesActual ? fecha : ultimoDelMes(desde);
      return { mes: i + 1, nombreMes: monthName(i + 1), desde, hasta, ...totalesPta(entre(desde, hasta)) };
    });
    const inicioMes = `${fecha.slice(0, 7)}-01`;
    return {
      fecha,
      mes: { desde: inicioMes, hasta: fecha, ...totalesPta(entre(inicioMes, fecha)) },
      anio: { desde: inicioAnio, hasta: fecha, ...totalesPta(entre(inicioAnio, fecha)) },
      meses,
    };
  }
}

/** The last day of the month of a 'YYYY-MM-01' date. */
function ultimoDelMes(primero: string): string {
  const [y, m] = [Number(primero.slice(0, 4)), Number(primero.slice(5, 7))];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** Historicos → each date's values by variable name. */
function porDia(rows: readonly HistoricoRecord[]): Map<string, Map<string, number>> {
  const dias = new Map<string, Map<string, number>>();
  for (const row of rows) {
    let dia = dias.get(row.fecha);
    if (!dia) {
      dia = new Map();
      dias.set(row.fecha, dia);
    }
    dia.set(row.variable.nombre, row.diario);
  }
  return dias;
}

export type { DiaPta, TotalesPta };
