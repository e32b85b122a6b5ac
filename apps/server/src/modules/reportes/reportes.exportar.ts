import { productionDayRange } from '@planta/domain';
import { z } from 'zod';
import { parseInput } from '../../validation.ts';
import type {
  ColumnaExport,
  ExportacionesService,
  HojaExport,
} from '../exportaciones/exportaciones.service.ts';
import type { Viewer } from '../auth/auth.service.ts';
import type { ReportesService } from './reportes.service.ts';

const formatoSchema = z.object({
  formato: z.enum(['XLSX', 'CSV'], { error: 'El campo "formato" debe ser XLSX o CSV' }).nullish(),
});

const AGRUPACION: Record<string, string> = { HORA: 'Por hora', TURNO: 'Por turno', DIA: 'Por día' };
const INTERVALO: Record<string, string> = {
  MINUTO: '1 minuto',
  QUINCE_MINUTOS: '15 minutos',
  HORA: '1 hora',
  DIA: '1 día',
};
const TURNO: Record<number, string> = { 1: 'T1 08–16', 2: 'T2 16–24', 3: 'T3 00–08' };

/** The figures of the counters report as spreadsheet columns (units, decimals, totals). */
const CIFRAS: ColumnaExport[] = [
  { clave: 'producto', titulo: 'Producto', tipo: 'texto' },
  {
    clave: 'botellas',
    titulo: 'Botellas',
    unidad: 'botellas',
    tipo: 'numero',
    decimales: 0,
    resumen: 'suma',
  },
  {
    clave: 'botellas_llenas',
    titulo: 'Botellas llenas',
    unidad: 'botellas',
    tipo: 'numero',
    decimales: 0,
    resumen: 'suma',
  },
  {
    clave: 'paquetes',
    titulo: 'Paquetes',
    unidad: 'paquetes',
    tipo: 'numero',
    decimales: 0,
    resumen: 'suma',
  },
  {
    clave: 'producto_terminado',
    titulo: 'Producto terminado',
    unidad: 'botellas',
    tipo: 'numero',
    decimales: 0,
    resumen: 'suma',
  },
  // A mean of the rows' speeds is not the range's speed: its figure is on the totals sheet.
  { clave: 'velocidad_media', titulo: 'Velocidad media', unidad: 'bph', tipo: 'numero', decimales: 0 },
  {
    clave: 'minutos_marcha',
    titulo: 'Tiempo de marcha',
    unidad: 'min',
    tipo: 'numero',
    decimales: 0,
    resumen: 'suma',
  },
];

/**
 * exportarReporteContadores: the same report reporteContadores answers (validated and read now, so
 * bad input answers the mutation), written in the background: a sheet of rows per line and
 * bucket, and a sheet of the totals per line and overall.
 */
export async function exportarReporteContadores(
  service: ReportesService,
  exportaciones: ExportacionesService,
  viewer: Viewer,
  rawInput: unknown,
) {
  const input = (rawInput ?? {}) as Record<string, unknown>;
  const { formato } = parseInput(formatoSchema, { formato: input.formato });
  const r = await service.reporteContadores({
    desde: input.desde,
    hasta: input.hasta,
    agrupacion: input.agrupacion,
    lineas: input.lineas,
  });
  const periodo: ColumnaExport[] =
    r.agrupacion === 'HORA'
      ? [{ clave: 'inicio', titulo: 'Hora', tipo: 'fecha_hora' }]
      : r.agrupacion === 'TURNO'
        ? [
            { clave: 'fecha', titulo: 'Día de producción', tipo: 'fecha' },
            { clave: 'turno', titulo: 'Turno', tipo: 'texto' },
          ]
        : [{ clave: 'fecha', titulo: 'Día de producción', tipo: 'fecha' }];
  const hojas: HojaExport[] = [
    {
      nombre: 'Contadores',
      columnas: [{ clave: 'linea', titulo: 'Línea', tipo: 'texto' }, ...periodo, ...CIFRAS],
      filas: r.filas.map((f) => ({ ...f, linea: f.linea_nombre, turno: f.turno ? TURNO[f.turno] : null })),
      totalFilas: r.filas.length,
    },
    {
      nombre: 'Totales',
      columnas: [
        { clave: 'linea', titulo: 'Línea', tipo: 'texto' },
        ...CIFRAS.map((c) => ({ ...c, resumen: null })),
      ],
      filas: [...r.totales, r.total].map((t) => ({ ...t, linea: t.linea_nombre })),
      totalFilas: r.totales.length + 1,
    },
  ];
  return exportaciones.iniciar(viewer, {
    informe: 'Reporte de Contadores',
    archivo: `reporte-contadores_${r.desde}_${r.hasta}`,
    formato: formato ?? 'XLSX',
    // The title block shows instants: the production days run 08:00 → 08:00 (plant time).
    parametros: {
      desde: productionDayRange(r.desde, service.tz).start.toISOString(),
      hasta: productionDayRange(r.hasta, service.tz).end.toISOString(),
      intervalo: AGRUPACION[r.agrupacion],
      agrupacion: r.agrupacion,
      lineas: r.totales.map((t) => t.linea),
    },
    hojas: async () => hojas,
  });
}

/**
 * exportarReporteScada: the table reporteScada answers (validated and read now), one column per
 * variable with its unit, decimals and its aggregation's summary row.
 */
export async function exportarReporteScada(
  service: ReportesService,
  exportaciones: ExportacionesService,
  viewer: Viewer,
  rawInput: unknown,
) {
  const input = (rawInput ?? {}) as Record<string, unknown>;
  const { formato } = parseInput(formatoSchema, { formato: input.formato });
  const r = await service.reporteScada(viewer, {
    variables: input.variables,
    desde: input.desde,
    hasta: input.hasta,
    intervalo: input.intervalo,
  });
  const columnas: ColumnaExport[] = [
    {
      clave: 'inicio',
      titulo: r.intervalo === 'DIA' ? 'Día de producción (desde 08:00)' : 'Fecha y hora',
      tipo: 'fecha_hora',
    },
    ...r.columnas.map((c, i): ColumnaExport => ({
      clave: `v${i}`,
      titulo: c.nombre,
      unidad: c.unidad,
      tipo: 'numero',
      decimales: c.decimales,
      resumen: c.agregacion === 'SUMA' ? 'suma' : c.agregacion === 'PROMEDIO' ? 'promedio' : null,
    })),
  ];
  const dia = (d: Date) => d.toISOString().slice(0, 10);
  return exportaciones.iniciar(viewer, {
    informe: 'Reporte de Variables SCADA',
    archivo: `reporte-scada_${dia(r.desde)}_${dia(new Date(r.hasta.getTime() - 1))}`,
    formato: formato ?? 'XLSX',
    parametros: {
      desde: r.desde.toISOString(),
      hasta: r.hasta.toISOString(),
      intervalo: INTERVALO[r.intervalo],
      variables: r.columnas.map((c) => c.nombre),
    },
    hojas: async () => [
      {
        nombre: 'Variables SCADA',
        columnas,
        filas: r.filas.map((f) => {
          const row: Record<string, unknown> = { inicio: f.inicio };
          f.valores.forEach((v, i) => (row[`v${i}`] = v));
          return row;
        }),
        totalFilas: r.filas.length,
      },
    ],
  });
}
