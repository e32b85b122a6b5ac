import { productionDay } from '@planta/domain';
import { z } from 'zod';
import { badInput } from '../../errors.ts';
import { parseIntervalMinutes } from '../../time-range.ts';
import { parseInput } from '../../validation.ts';
import type { UtilidadesService } from '../utilidades/utilidades.service.ts';
import type { ColumnaExport, ExportacionesService, UsuarioExportacion } from './exportaciones.service.ts';
import { desfaseZona } from './exportaciones.writer.ts';

/** An export covers at most this many days (a year of minute rows is the largest table). */
export const MAX_EXPORT_DIAS = 366;
/**
 * Values read per call of reporteAire/reporteAgua: its rows (under MAX_REPORT_ROWS) × columns stay
 * near this, so parsing one answer holds the event loop for a few milliseconds only.
 */
const VALORES_POR_CONSULTA = 1500;

const INFORME = { aire: 'Reporte de Aire', agua: 'Reporte de Agua' } as const;

const inputSchema = z.object({
  desde: z.date({ error: 'El campo "desde" debe ser una fecha y hora' }),
  hasta: z.date({ error: 'El campo "hasta" debe ser una fecha y hora' }),
  intervalo: z
    .string({ error: 'El campo "intervalo" es obligatorio' })
    .max(40, 'El campo "intervalo" es demasiado largo'),
  variables: z
    .array(z.string().max(200), { error: 'El campo "variables" debe ser una lista de nombres' })
    .max(100, 'El campo "variables" admite como máximo 100 nombres')
    .nullish(),
  formato: z.enum(['XLSX', 'CSV'], { error: 'El campo "formato" debe ser XLSX o CSV' }).nullish(),
});

/** The instant the report buckets are aligned to: 08:00 plant time on 2000-01-03 (see utilidades.repository buckets). */
function origenBuckets(tz: string): number {
  const wall = Date.UTC(2000, 0, 3, 8, 0);
  let t = wall - desfaseZona(wall, tz);
  t = wall - desfaseZona(t, tz);
  return t;
}

/**
 * exportarReporteAire / exportarReporteAgua: validates like the report (plus the export's own
 * limits), then writes the same table reporteAire/reporteAgua answers, read through that very
 * service in slices of FILAS_POR_CONSULTA rows whose edges fall on bucket boundaries (so every
 * row is the one the report query gives for the same range).
 */
export async function exportarReporteUtilidades(
  exportaciones: ExportacionesService,
  utilidades: UtilidadesService,
  tz: string,
  viewer: UsuarioExportacion,
  medio: 'aire' | 'agua',
  rawInput: unknown,
) {
  const input = parseInput(inputSchema, rawInput ?? {});
  const minutos = parseIntervalMinutes(input.intervalo);
  const desde = input.desde.getTime();
  const hasta = input.hasta.getTime();
  if (desde >= hasta) throw badInput('La fecha "desde" debe ser anterior a "hasta"', 'desde');
  if (hasta - desde > MAX_EXPORT_DIAS * 86_400_000) {
    throw badInput(`El rango de una exportación no puede superar ${MAX_EXPORT_DIAS} días`, 'hasta');
  }
  const paso = minutos * 60_000;
  if (paso > hasta - desde) {
    throw badInput(
      'El intervalo es mayor que el rango: elija un intervalo menor o un rango mayor',
      'intervalo',
    );
  }
  // Checks the variables and reads the columns now, so a bad name answers the mutation itself.
  const primera = await utilidades.reporte(
    medio,
    new Date(desde),
    new Date(Math.min(hasta, desde + paso)),
    input.intervalo,
    input.variables ?? undefined,
  );
  if (primera.columnas.length === 0) {
    throw badInput(`No hay variables de ${medio} que exportar`, input.variables ? 'variables' : undefined);
  }
  const columnas: ColumnaExport[] = [
    { clave: 'fecha', titulo: 'Fecha y hora', tipo: 'fecha_hora' },
    ...primera.columnas.map((c, i): ColumnaExport => {
      const extra = c as { decimales?: number; agregacion?: string };
      return {
        clave: `v${i}`,
        titulo: c.variable,
        unidad: c.unidad,
        tipo: 'numero',
        decimales: extra.decimales ?? 2,
        resumen: extra.agregacion === 'SUMA' ? 'suma' : 'promedio',
      };
    }),
  ];
  const filasPorConsulta = Math.max(60, Math.min(1440, Math.floor(VALORES_POR_CONSULTA / columnas.length)));
  const origen = origenBuckets(tz);
  const alinear = (t: number) => origen + Math.ceil((t - origen) / paso) * paso;
  async function* filas() {
    for (let inicio = desde; inicio < hasta;) {
      const fin = Math.min(hasta, alinear(inicio + filasPorConsulta * paso));
      const tabla = await utilidades.reporte(
        medio,
        new Date(inicio),
        new Date(fin),
        input.intervalo,
        input.variables ?? undefined,
      );
      for (const fila of tabla.filas) {
        const row: Record<string, unknown> = { fecha: fila.fecha };
        fila.valores.forEach((v, i) => (row[`v${i}`] = v));
        yield row;
      }
      inicio = fin;
    }
  }
  const dia = (t: number) => productionDay(t, tz);
  const informe = INFORME[medio];
  return exportaciones.iniciar(viewer, {
    informe,
    archivo: `reporte-${medio}_${dia(desde)}_${dia(hasta - 1)}`,
    formato: input.formato ?? 'XLSX',
    parametros: {
      desde: input.desde.toISOString(),
      hasta: input.hasta.toISOString(),
      intervalo: input.intervalo,
      ...(input.variables ? { variables: input.variables } : {}),
    },
    hojas: async () => [
      { nombre: informe, columnas, filas: filas(), totalFilas: Math.ceil((hasta - desde) / paso) },
    ],
  });
}
