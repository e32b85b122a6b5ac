import { round2 } from '@planta/domain';
import { z } from 'zod';
import { lecturaSinHuella } from '../../db/cache-validado.ts';
import { notFound } from '../../errors.ts';
import { MAX_POINTS, MIN_POINTS } from '../../limites-api.ts';
import { bucketMinutes, parseDayRange, parseInstantRange } from '../../time-range.ts';
import { parseId, parseInput } from '../../validation.ts';
import type { CampoSerie, ProduccionRepository, ScadaColumnas, ScadaPoint } from './produccion.repository.ts';

const lineaSchema = z
  .number({ error: 'El campo "linea" debe ser un número de línea' })
  .int('El campo "linea" debe ser un número de línea')
  .min(1, 'El campo "linea" debe estar entre 1 y 99')
  .max(99, 'El campo "linea" debe estar entre 1 y 99');
const maxPuntosSchema = z
  .number({ error: 'El campo "max_puntos" debe ser un número' })
  .int('El campo "max_puntos" debe ser un número entero')
  .min(MIN_POINTS, `El campo "max_puntos" debe estar entre ${MIN_POINTS} y ${MAX_POINTS}`)
  .max(MAX_POINTS, `El campo "max_puntos" debe estar entre ${MIN_POINTS} y ${MAX_POINTS}`)
  .nullish();
// Built once: zod compiles an object schema on its first parse.
const lineaArgs = z.object({ linea: lineaSchema });
const maxPuntosArgs = z.object({ max_puntos: maxPuntosSchema });

/** ≈ 2 points per pixel of a 1,000-pixel chart (DESIGN §8). */
export const DEFAULT_MAX_POINTS = 2000;

const MS_DIA = 86_400_000;
/** "HH:MM:00Z" of each minute of a UTC day, built once: a point's time is its day's text and one of these. */
let horasDelDia: string[] | undefined;
const horaDelDia = (minutoDelDia: number) =>
  (horasDelDia ??= Array.from(
    { length: 1440 },
    (_, m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00Z`,
  ))[minutoDelDia]!;

/**
 * A series' columns as one object per point, each with its start as UTC ISO-8601 text to the second.
 * The date part is written once a day, not once a point (5,000 points: ≈ 18 ms of toISOString on a
 * cold server, where /healthz waits for it — limits.test.ts).
 */
function puntosDe(desde: Date, c: ScadaColumnas): ScadaPoint[] {
  const inicio = Math.floor(desde.getTime() / 60_000) * 60_000;
  let dia = Number.NaN;
  let textoDia = '';
  return c.minuto.map((minuto, i) => {
    const ms = inicio + minuto * 60_000;
    const d = Math.floor(ms / MS_DIA);
    if (d !== dia) {
      dia = d;
      textoDia = new Date(d * MS_DIA).toISOString().slice(0, 11);
    }
    return {
      fecha: textoDia + horaDelDia((ms - d * MS_DIA) / 60_000),
      velocidad: c.velocidad[i]!,
      botellas: c.botellas[i]!,
      botellas_llenas: c.botellas_llenas[i]!,
      paquetes: c.paquetes[i]!,
      formato: c.formato[i]!,
    };
  });
}

export class ProduccionService {
  constructor(
    private readonly repo: ProduccionRepository,
    private readonly tz: string,
  ) {}

  private async linea(value: unknown): Promise<number> {
    const linea = parseInput(lineaArgs, { linea: value }).linea;
    if (!(await this.repo.lineaExists(linea))) throw notFound(`La línea ${linea} no existe`);
    return linea;
  }

  /** `campos`: the columns the caller reads besides `minuto` (all by default; `lecturas` needs all). */
  async scadaLinea(
    lineaArg: unknown,
    desdeArg: unknown,
    hastaArg: unknown,
    maxPuntosArg: unknown,
    campos?: readonly CampoSerie[],
  ) {
    const linea = parseInput(lineaArgs, { linea: lineaArg }).linea;
    const { desde, hasta } = parseInstantRange(desdeArg, hastaArg, 400);
    const maxPuntos = parseInput(maxPuntosArgs, {
      max_puntos: maxPuntosArg,
    }).max_puntos;
    const span = (hasta.getTime() - desde.getTime()) / 60_000;
    const bucket = bucketMinutes(span, maxPuntos ?? DEFAULT_MAX_POINTS);
    const columnas = await this.repo.scadaSeries(linea, desde, hasta, bucket, this.tz, campos);
    // Rows prove the line exists; only an empty answer costs the extra look-up (the hot path of
    // the Lineas screen stays one query).
    if (columnas.minuto.length === 0) {
      lecturaSinHuella(); // whether the line exists is not in the rows' fingerprint
      await this.linea(linea);
    }
    return {
      linea,
      desde,
      intervalo_minutos: bucket,
      columnas,
      /** The points as objects (built when asked: the reports, scadaLinea's `lecturas`). */
      get lecturas(): ScadaPoint[] {
        return puntosDe(desde, columnas);
      },
    };
  }

  async scadaHistorico(lineaArg: unknown, desdeArg: unknown, hastaArg: unknown) {
    const linea = await this.linea(lineaArg);
    const { desde, hasta } = parseDayRange(desdeArg, hastaArg);
    const rows = await this.repo.scadaDays(linea, desde, hasta, this.tz);
    return rows.map((r) => ({
      ...r,
      velocidad_media: r.velocidad_media === null ? null : round2(r.velocidad_media),
    }));
  }

  async productoPresentacion(hmiArg: unknown, lineaArg: unknown) {
    const { hmi_id, linea } = parseInput(
      z.object({
        hmi_id: z.number({ error: 'El campo "hmi_id" debe ser un número' }).int(),
        linea: lineaSchema,
      }),
      { hmi_id: hmiArg, linea: lineaArg },
    );
    const row = await this.repo.productoPresentacion(hmi_id, linea);
    if (!row) return null;
    return {
      id: row.id,
      num_botellas: row.num_botellas,
      hmi_linea1_id: row.hmi_linea1_id,
      hmi_linea2_id: row.hmi_linea2_id,
      producto: {
        id: row.producto_id,
        descripcion: row.descripcion,
        image_prefix: row.image_prefix,
        image_color: row.image_color,
      },
      presentacion: {
        id: row.presentacion_id,
        volumen: row.volumen,
        unid_medida: row.unid_medida,
        factor: row.factor,
      },
      velocidad_nominal:
        row.vn_id === null
          ? null
          : {
              id: row.vn_id,
              linea,
              velocidad_paquetes_hora: row.velocidad_paquetes_hora,
              velocidad_botellas_minuto: row.velocidad_botellas_minuto,
            },
    };
  }

  async tiempoActividad(lineaArg: unknown, fechaArg: unknown): Promise<number> {
    const linea = await this.linea(lineaArg);
    const { desde } = parseDayRange(fechaArg, fechaArg);
    return this.repo.runningMinutes(linea, desde, this.tz);
  }

  async contadoresHora(lineaIdArg: unknown, desdeArg: unknown, hastaArg: unknown) {
    const lineaId = parseId(lineaIdArg, 'linea_id');
    const { desde, hasta } = parseInstantRange(desdeArg, hastaArg, 400);
    if (!(await this.repo.lineaIdExists(lineaId))) throw notFound('La línea no existe');
    const rows = await this.repo.contadoresHora(lineaId, desde, hasta);
    return rows.map((r) => ({
      id: r.id,
      fecha: r.fecha,
      energia: round2(r.energia),
      eficiencia: round2(r.eficiencia),
      kpi_energia: r.kpi_energia,
      formato: r.formato,
      linea: { id: r.linea_id, nombre: r.linea_nombre, numero: r.linea_numero },
    }));
  }
}
