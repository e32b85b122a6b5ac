import { type HasRoles, productionDay, round2 } from '@planta/domain';
import { z } from 'zod';
import { badInput } from '../../errors.ts';
import { MAX_CELDAS_SCADA, MAX_DIAS_AGRUPACION } from '../../limites-api.ts';
import { parseDayRange, parseInstantRange } from '../../time-range.ts';
import { id, parseInput } from '../../validation.ts';
import { requireReadableVariable, canReadVariable } from '../variables/variable-access.ts';
import type {
  Agrupacion,
  CeldaScada,
  ContadoresParte,
  ReportesRepository,
  VariableScadaRow,
} from './reportes.repository.ts';

const NOMBRE_AGRUPACION: Record<Agrupacion, string> = { HORA: 'hora', TURNO: 'turno', DIA: 'día' };
/** Lines one counters report may ask for. */
export const MAX_LINEAS = 20;

export type IntervaloScada = 'MINUTO' | 'QUINCE_MINUTOS' | 'HORA' | 'DIA';
export const MINUTOS_INTERVALO: Record<IntervaloScada, number> = {
  MINUTO: 1,
  QUINCE_MINUTOS: 15,
  HORA: 60,
  DIA: 1440,
};
/** Variables of one SCADA report (its cells: MAX_CELDAS_SCADA). */
export const MAX_VARIABLES_SCADA = 20;
/** Longest SCADA range: a year and a day. */
export const MAX_DIAS_SCADA = 366;

const agrupacionSchema = z.enum(['HORA', 'TURNO', 'DIA'], {
  error: 'El campo "agrupacion" debe ser HORA, TURNO o DIA',
});
const intervaloSchema = z.enum(['MINUTO', 'QUINCE_MINUTOS', 'HORA', 'DIA'], {
  error: 'El campo "intervalo" debe ser MINUTO, QUINCE_MINUTOS, HORA o DIA',
});
const lineasSchema = z
  .array(
    z
      .number({ error: 'El campo "lineas" debe ser una lista de números de línea' })
      .int('El campo "lineas" debe ser una lista de números de línea')
      .min(1, 'El campo "lineas" admite números de línea entre 1 y 99')
      .max(99, 'El campo "lineas" admite números de línea entre 1 y 99'),
    { error: 'El campo "lineas" debe ser una lista de números de línea' },
  )
  .max(MAX_LINEAS, `El campo "lineas" admite como máximo ${MAX_LINEAS} líneas`)
  .nullish();
const variablesSchema = z
  .array(id('variables'), { error: 'El campo "variables" debe ser una lista de identificadores' })
  .min(1, 'El campo "variables" debe incluir al menos una variable')
  .max(MAX_VARIABLES_SCADA, `El campo "variables" admite como máximo ${MAX_VARIABLES_SCADA} variables`);

const fmtMiles = (n: number) => n.toLocaleString('es-PE');

interface Sumas {
  botellas: number;
  botellas_llenas: number;
  paquetes: number;
  producto_terminado: number;
  minutos_marcha: number;
  velocidad_suma: number;
  /** packs and hours per product code, for the bucket's product. */
  formatos: Map<number, { paquetes: number; horas: number; pp: number | null }>;
}

const sumasVacias = (): Sumas => ({
  botellas: 0,
  botellas_llenas: 0,
  paquetes: 0,
  producto_terminado: 0,
  minutos_marcha: 0,
  velocidad_suma: 0,
  formatos: new Map(),
});

function sumar(s: Sumas, p: ContadoresParte): void {
  s.botellas += p.botellas;
  s.botellas_llenas += p.botellas_llenas;
  s.paquetes += p.paquetes;
  s.producto_terminado += p.producto_terminado;
  s.minutos_marcha += p.minutos_marcha;
  s.velocidad_suma += p.velocidad_suma;
  const f = s.formatos.get(p.formato) ?? { paquetes: 0, horas: 0, pp: p.producto_presentacion_id };
  f.paquetes += p.paquetes;
  f.horas += p.horas;
  s.formatos.set(p.formato, f);
}

/**
 * The product of a bucket: the one that made the most packs, else the one set up the most hours
 * (the same order as the hourly rollup's product); a code without a presentation shows as such.
 */
function productoDe(s: Sumas, nombres: Map<number, string>): string | null {
  let mejor: [number, { paquetes: number; horas: number; pp: number | null }] | undefined;
  for (const entry of s.formatos) {
    const [formato, f] = entry;
    if (formato === 0) continue;
    if (
      !mejor ||
      f.paquetes > mejor[1].paquetes ||
      (f.paquetes === mejor[1].paquetes && f.horas > mejor[1].horas) ||
      (f.paquetes === mejor[1].paquetes && f.horas === mejor[1].horas && formato < mejor[0])
    ) {
      mejor = entry;
    }
  }
  if (!mejor) return null;
  return (mejor[1].pp !== null ? nombres.get(mejor[1].pp) : undefined) ?? `Formato ${mejor[0]}`;
}

function cifras(s: Sumas, nombres: Map<number, string>) {
  return {
    botellas: s.botellas,
    botellas_llenas: s.botellas_llenas,
    paquetes: s.paquetes,
    producto_terminado: s.producto_terminado,
    minutos_marcha: s.minutos_marcha,
    // bottles/min while running × 60 = bottles per hour.
    velocidad_media: s.minutos_marcha > 0 ? round2((s.velocidad_suma / s.minutos_marcha) * 60) : null,
    producto: productoDe(s, nombres),
  };
}

/** Minutes east of UTC of a zone at an instant ('GMT-05:00' → -300). */
function offsetMinutes(tz: string, instant: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The value of a bucket (or of the whole range) by the variable's aggregation. */
function valorDe(
  agregacion: VariableScadaRow['agregacion'],
  suma: number,
  conteo: number,
  ultimo: number | null,
) {
  if (conteo <= 0) return null;
  if (agregacion === 'SUMA') return suma;
  if (agregacion === 'PROMEDIO') return suma / conteo;
  return ultimo;
}

export class ReportesService {
  constructor(
    private readonly repo: ReportesRepository,
    /** Plant time zone (PLANT_TZ). */
    readonly tz: string,
  ) {}

  async reporteContadores(args: { desde: unknown; hasta: unknown; agrupacion: unknown; lineas?: unknown }) {
    const { agrupacion, lineas: pedidas } = parseInput(
      z.object({ agrupacion: agrupacionSchema, lineas: lineasSchema }),
      { agrupacion: args.agrupacion, lineas: args.lineas },
    );
    const { desde, hasta } = parseDayRange(args.desde, args.hasta);
    const dias = (Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000 + 1;
    const max = MAX_DIAS_AGRUPACION[agrupacion];
    if (dias > max) {
      throw badInput(
        `El rango de "desde" a "hasta" no puede superar ${max} días con agrupación por ${NOMBRE_AGRUPACION[agrupacion]} (tiene ${dias})`,
        'hasta',
      );
    }
    const numeros = pedidas && pedidas.length > 0 ? [...new Set(pedidas)] : null;
    const lineas = await this.repo.lineas(numeros);
    if (numeros) {
      const faltan = numeros.filter((n) => !lineas.some((l) => l.numero === n));
      if (faltan.length > 0) {
        throw badInput(`El campo "lineas" nombra líneas que no existen: ${faltan.join(', ')}`, 'lineas');
      }
    }
    const [partes, productos] = await Promise.all([
      lineas.length > 0
        ? this.repo.contadores(
            lineas.map((l) => l.numero),
            desde,
            hasta,
            agrupacion,
            this.tz,
          )
        : Promise.resolve([]),
      this.repo.productos(),
    ]);
    const nombres = new Map(productos.map((p) => [p.id, p.nombre]));
    const nombreLinea = new Map(lineas.map((l) => [l.numero, l.nombre]));

    // Rows arrive ordered by line, bucket start and product code: one bucket is a run of rows.
    const filas: (ReturnType<typeof cifras> & {
      linea: number;
      linea_nombre: string;
      fecha: string;
      turno: number | null;
      inicio: string;
      fin: string;
    })[] = [];
    const porLinea = new Map(lineas.map((l) => [l.numero, sumasVacias()]));
    const total = sumasVacias();
    let actual: { clave: string; parte: ContadoresParte; sumas: Sumas } | undefined;
    const cerrar = () => {
      if (!actual) return;
      const p = actual.parte;
      filas.push({
        linea: p.linea,
        linea_nombre: nombreLinea.get(p.linea) ?? `Línea ${p.linea}`,
        fecha: p.fecha,
        turno: p.turno,
        inicio: p.inicio,
        fin: p.fin,
        ...cifras(actual.sumas, nombres),
      });
    };
    for (const p of partes) {
      const clave = `${p.linea}|${p.inicio}`;
      if (actual?.clave !== clave) {
        cerrar();
        actual = { clave, parte: p, sumas: sumasVacias() };
      }
      sumar(actual.sumas, p);
      sumar(porLinea.get(p.linea)!, p);
      sumar(total, p);
    }
    cerrar();
    return {
      desde,
      hasta,
      agrupacion,
      filas,
      totales: lineas.map((l) => ({
        linea: l.numero,
        linea_nombre: l.nombre,
        ...cifras(porLinea.get(l.numero)!, nombres),
      })),
      total: { linea: null, linea_nombre: 'Total', ...cifras(total, nombres) },
    };
  }

  /** OPC-fed variables the viewer may read. */
  async variablesScada(viewer: HasRoles) {
    return (await this.repo.variablesScada(null)).filter((v) => canReadVariable(viewer, v)).map(columna);
  }

  async reporteScada(
    viewer: HasRoles,
    args: { variables: unknown; desde: unknown; hasta: unknown; intervalo: unknown },
  ) {
    const { variables: pedidas, intervalo } = parseInput(
      z.object({ variables: variablesSchema, intervalo: intervaloSchema }),
      { variables: args.variables, intervalo: args.intervalo },
    );
    const { desde, hasta } = parseInstantRange(args.desde, args.hasta, MAX_DIAS_SCADA);
    if (hasta.getTime() <= desde.getTime()) {
      throw badInput('La fecha "hasta" debe ser posterior a "desde"', 'hasta');
    }
    const ids = [...new Set(pedidas)];
    const encontradas = await this.repo.variablesScada(ids);
    const porId = new Map(encontradas.map((v) => [v.id, v]));
    const faltan = ids.filter((i) => !porId.has(i));
    if (faltan.length > 0) {
      throw badInput(
        `El campo "variables" incluye identificadores que no existen: ${faltan.slice(0, 5).join(', ')}${faltan.length > 5 ? ` y ${faltan.length - 5} más` : ''}`,
        'variables',
      );
    }
    const variables = ids.map((i) => porId.get(i)!);
    for (const v of variables) requireReadableVariable(viewer, v);
    const noOpc = variables.filter((v) => v.fuente !== 'OPC');
    if (noOpc.length > 0) {
      throw badInput(
        `El campo "variables" admite solo variables leídas por OPC; no lo son: ${noOpc
          .slice(0, 5)
          .map((v) => `«${v.nombre}»`)
          .join(', ')}`,
        'variables',
      );
    }

    const minutos = MINUTOS_INTERVALO[intervalo];
    const diaDesde = productionDay(desde, this.tz);
    const diaHasta = productionDay(new Date(hasta.getTime() - 1), this.tz);
    const filasEstimadas =
      intervalo === 'DIA'
        ? (Date.parse(`${diaHasta}T00:00:00Z`) - Date.parse(`${diaDesde}T00:00:00Z`)) / 86_400_000 + 1
        : Math.ceil((hasta.getTime() - desde.getTime()) / (minutos * 60_000)) + 1;
    const celdas = filasEstimadas * variables.length;
    if (celdas > MAX_CELDAS_SCADA) {
      throw badInput(
        `El reporte tendría ${fmtMiles(celdas)} celdas (máximo ${fmtMiles(MAX_CELDAS_SCADA)}): elija un intervalo mayor, un rango más corto o menos variables`,
        'intervalo',
      );
    }

    let filasDb: CeldaScada[];
    if (intervalo === 'DIA') {
      filasDb = await this.repo.scadaDias(ids, diaDesde, diaHasta, this.tz);
    } else {
      // The hourly rollup is on UTC hours: it serves plant hours only in a whole-hour zone.
      const horaria =
        intervalo === 'HORA' &&
        offsetMinutes(this.tz, desde) % 60 === 0 &&
        offsetMinutes(this.tz, hasta) % 60 === 0;
      filasDb = await this.repo.scadaBuckets(ids, desde, hasta, minutos, this.tz, horaria);
    }

    const indice = new Map(ids.map((vid, i) => [vid, i]));
    const filas: { inicio: string; valores: (number | null)[] }[] = [];
    const acumulado = variables.map(() => ({ suma: 0, conteo: 0, ultimo: null as number | null }));
    for (const c of filasDb) {
      let fila = filas[filas.length - 1];
      if (fila?.inicio !== c.inicio) {
        fila = { inicio: c.inicio, valores: variables.map(() => null) };
        filas.push(fila);
      }
      if (c.variable_id === null) continue;
      const i = indice.get(c.variable_id);
      if (i === undefined) continue;
      const v = variables[i]!;
      const conteo = c.conteo ?? 0;
      fila.valores[i] = valorDe(v.agregacion, c.suma ?? 0, conteo, c.ultimo);
      const a = acumulado[i]!;
      a.suma += c.suma ?? 0;
      a.conteo += conteo;
      if (conteo > 0) a.ultimo = c.ultimo;
    }
    return {
      desde,
      hasta,
      intervalo,
      columnas: variables.map(columna),
      filas,
      resumen: variables.map((v, i) =>
        valorDe(v.agregacion, acumulado[i]!.suma, acumulado[i]!.conteo, acumulado[i]!.ultimo),
      ),
    };
  }
}

function columna(v: VariableScadaRow) {
  return {
    id: v.id,
    nombre: v.nombre,
    unidad: v.unidad,
    decimales: v.decimales,
    agregacion: v.agregacion,
    area: v.area,
    linea: v.linea,
  };
}
