import { addDays, productionDay, productionDayRange, productionDaysBetween, round2 } from '@planta/domain';
import { z } from 'zod';
import { badInput, unknownVariables } from '../../errors.ts';
import { MAX_REPORT_ROWS } from '../../limites-api.ts';
import { parseDayRange, parseInstantRange, parseIntervalMinutes } from '../../time-range.ts';
import { parseInput } from '../../validation.ts';
import type { Medio, SerieVariable, UtilidadesRepository } from './utilidades.repository.ts';
import {
  INDICADORES,
  SUMAS_VACIAS,
  fugasDeSumas,
  porUnidad,
  sumar,
  type SumasUtilidades,
} from './utilidades.rules.ts';

/** consumosUtilidades: at most a year of production days. */
export const MAX_CONSUMO_DIAS = 366;
/** fugasAire reads every minute of the range: at most a month. */
export const MAX_FUGAS_DIAS = 31;

const FUGAS_BASE = 'Fugas de aire (%)';

/** A report column: the variable's name, unit, decimals and aggregation. */
const columna = (v: SerieVariable) => ({
  variable: v.nombre,
  unidad: v.unidad,
  decimales: v.decimales,
  agregacion: v.agregacion,
});

export class UtilidadesService {
  constructor(
    private readonly repo: UtilidadesRepository,
    private readonly tz: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The compressed-air flow meters (Nm³/h): blowing air of each line and the plant's service air. */
  private async medidoresAire() {
    return (await this.repo.variables('aire')).filter(
      (v) => v.unidad.startsWith('Nm') && v.unidad.endsWith('/h'),
    );
  }

  private parse(desde: unknown, hasta: unknown, intervalo: unknown) {
    const range = parseInstantRange(desde, hasta, 400);
    const minutes = parseIntervalMinutes(intervalo);
    const rows = (range.hasta.getTime() - range.desde.getTime()) / 60_000 / minutes;
    if (rows > MAX_REPORT_ROWS) {
      throw badInput(
        `El intervalo es demasiado corto para el rango: saldrían ${Math.ceil(rows)} filas (máximo ${MAX_REPORT_ROWS}). Elija un intervalo mayor.`,
        'intervalo',
      );
    }
    return { ...range, minutes };
  }

  private async table(variables: SerieVariable[], desde: Date, hasta: Date, minutes: number) {
    const points =
      variables.length === 0 ? [] : await this.repo.buckets(variables, desde, hasta, minutes, this.tz);
    const column = new Map(variables.map((v, i) => [v.id, i]));
    const rows = new Map<number, (number | null)[]>();
    for (const point of points) {
      const t = new Date(point.fecha).getTime();
      let row = rows.get(t);
      if (!row) {
        row = variables.map(() => null);
        rows.set(t, row);
      }
      const index = column.get(point.variable_id);
      if (index !== undefined) row[index] = point.valor === null ? null : round2(point.valor);
    }
    return {
      intervalo_minutos: minutes,
      columnas: variables.map(columna),
      filas: [...rows.entries()]
        .sort(([a], [b]) => a - b)
        .map(([t, valores]) => ({ fecha: new Date(t), valores })),
    };
  }

  async flujoAire(desde: unknown, hasta: unknown, intervalo: unknown) {
    const range = this.parse(desde, hasta, intervalo);
    const all = await this.repo.variables('aire');
    // The per-line flow meters of lines 1 and 2 (Nm³/h).
    const byLine = [1, 2].map((n) => all.find((v) => v.linea_numero === n && v.unidad.startsWith('Nm')));
    const present = byLine.filter((v): v is SerieVariable => v !== undefined);
    const table = await this.table(present, range.desde, range.hasta, range.minutes);
    return table.filas.map((fila) => {
      const value = (n: number) => {
        const variable = byLine[n - 1];
        return variable ? (fila.valores[present.indexOf(variable)] ?? null) : null;
      };
      return { fecha: fila.fecha, flujo_aire_l1: value(1), flujo_aire_l2: value(2) };
    });
  }

  async reporte(medio: Medio, desde: unknown, hasta: unknown, intervalo: unknown, nombresArg?: unknown) {
    const range = this.parse(desde, hasta, intervalo);
    const nombres = parseInput(
      z.object({
        variables: z
          .array(z.string().max(200), { error: 'El campo "variables" debe ser una lista de nombres' })
          .max(100)
          .nullish(),
      }),
      { variables: nombresArg },
    ).variables;
    const variables = await this.repo.variables(medio, nombres ?? undefined);
    const unknown = (nombres ?? []).filter((n) => !variables.some((v) => v.nombre === n));
    if (unknown.length > 0) throw unknownVariables('variables', unknown);
    return this.table(variables, range.desde, range.hasta, range.minutes);
  }

  /** The variables a report of `medio` offers (reporteAgua's `variables` takes their names). */
  async variablesReporte(medio: Medio) {
    return (await this.repo.variables(medio)).map(columna);
  }

  /**
   * Utilities per unit produced over production days `desde`…`hasta` (ratio of the sums), with the
   * month and year to date of `hasta` and each figure's meta in force on `hasta`; plus each day's.
   */
  async consumos(desdeArg: unknown, hastaArg: unknown) {
    const { desde, hasta } = parseDayRange(desdeArg, hastaArg, MAX_CONSUMO_DIAS - 1);
    const inicioAnio = `${hasta.slice(0, 4)}-01-01`;
    const inicioMes = `${hasta.slice(0, 7)}-01`;
    const primero = desde < inicioAnio ? desde : inicioAnio;
    const { historicos, botellas } = await this.repo.sumasDiarias(
      primero,
      hasta,
      productionDayRange(primero, this.tz).start,
      productionDayRange(hasta, this.tz).end,
      this.tz,
    );
    const porDia = new Map<string, SumasUtilidades>();
    const dia = (fecha: string) => {
      let s = porDia.get(fecha);
      if (!s) {
        s = { ...SUMAS_VACIAS };
        porDia.set(fecha, s);
      }
      return s;
    };
    for (const h of historicos) {
      Object.assign(dia(h.fecha), {
        produccion_cu: h.produccion_cu ?? 0,
        litros: h.litros ?? 0,
        agua_m3: h.agua_m3,
        energia_kwh: h.energia_kwh,
        gas_m3: h.gas_m3,
        energia_compresores_kwh: h.energia_compresores_kwh,
        aire_nm3: h.aire_nm3,
      });
    }
    for (const b of botellas) dia(b.fecha).botellas = b.botellas ?? 0;
    // The day in progress: its air so far from the readings (its daily figure assumes 24 h).
    const hoy = productionDay(this.now(), this.tz);
    if (hoy >= primero && hoy <= hasta) {
      const medidores = await this.medidoresAire();
      const nm3 = await this.repo.aireNm3(
        medidores.map((v) => v.id),
        productionDayRange(hoy, this.tz).start,
        productionDayRange(hoy, this.tz).end,
      );
      if (nm3 !== null) dia(hoy).aire_nm3 = nm3;
    }
    const entre = (a: string, b: string) =>
      sumar([...porDia.entries()].filter(([f]) => f >= a && f <= b).map(([, s]) => s));
    const rango = entre(desde, hasta);
    const mes = entre(inicioMes, hasta);
    const anio = entre(inicioAnio, hasta);

    const nombresMeta = INDICADORES.flatMap((d) => (d.variable_meta ? [d.variable_meta] : []));
    const metas = new Map(
      (await this.repo.metasVigentes(nombresMeta, primero, hasta)).map((m) => [m.nombre, m.valor]),
    );
    const redondeo = (v: number | null, decimales: number) =>
      v === null ? null : Math.round(v * 10 ** decimales) / 10 ** decimales;

    const indicadores = INDICADORES.map((def) => {
      const metaBase = def.variable_meta ? metas.get(def.variable_meta) : undefined;
      const meta = metaBase === undefined ? null : redondeo(metaBase * def.factor_meta, def.decimales + 1);
      return {
        clave: def.clave,
        nombre: def.nombre,
        unidad: def.unidad,
        decimales: def.decimales,
        variable_meta: def.variable_meta,
        variable_detalle: def.variable_detalle,
        valor: porUnidad(def, rango),
        numerador: def.numerador(rango),
        denominador: def.denominador(rango),
        mensual: porUnidad(def, mes),
        anual: porUnidad(def, anio),
        meta,
      };
    });
    return {
      desde,
      hasta,
      ...rango,
      indicadores,
      dias: productionDaysBetween(desde, hasta).map((fecha) => {
        const s = porDia.get(fecha) ?? SUMAS_VACIAS;
        return { fecha, ...s, valores: INDICADORES.map((def) => porUnidad(def, s)) };
      }),
    };
  }

  /**
   * Compressed-air leaks over `desde`…`hasta` (instants, at most MAX_FUGAS_DIAS): mean flow of the
   * minutes when nothing is produced over the mean flow, for the plant and each metered line.
   */
  async fugas(desdeArg: unknown, hastaArg: unknown) {
    const { desde, hasta } = parseInstantRange(desdeArg, hastaArg, MAX_FUGAS_DIAS);
    const medidores = await this.medidoresAire();
    const sumas =
      medidores.length === 0
        ? []
        : await this.repo.fugasMinutos(
            medidores.map((v) => v.id),
            desde,
            hasta,
          );
    // The targets in force on the range's last production day (looked up a year back at most).
    const diaFinal = productionDay(hasta, this.tz);
    const metas = await this.repo.metasVigentes([FUGAS_BASE], addDays(diaFinal, -366), diaFinal);
    const metaLinea = new Map(
      metas
        .filter((m) => m.linea_numero !== null && m.linea_numero > 0)
        .map((m) => [m.linea_numero!, m.valor]),
    );
    const metaGlobal = metas.find((m) => m.nombre === FUGAS_BASE)?.valor;
    const valoresLinea = [...new Set(metaLinea.values())];
    const regla = (row: (typeof sumas)[number] | undefined) =>
      fugasDeSumas({
        minutos: row?.minutos ?? 0,
        flujo_total: row?.flujo_total ?? 0,
        minutos_sin_produccion: row?.minutos_sin_produccion ?? 0,
        flujo_sin_produccion_total: row?.flujo_sin_produccion_total ?? 0,
      });
    const planta = regla(sumas.find((r) => r.linea === null));
    return {
      desde,
      hasta,
      ...planta,
      meta: metaGlobal ?? (valoresLinea.length === 1 ? valoresLinea[0]! : null),
      lineas: sumas
        .filter((r) => r.linea !== null)
        .map((r) => ({ linea: r.linea!, ...regla(r), meta: metaLinea.get(r.linea!) ?? null })),
    };
  }
}
