import { calendarDayRange } from '@planta/domain';
import { z } from 'zod';
import { parseInput } from '../../validation.ts';
import type { Viewer } from '../auth/auth.service.ts';
import type {
  ColumnaExport,
  ExportacionesService,
  HojaExport,
} from '../exportaciones/exportaciones.service.ts';
import { type RrhhService, sumarAsistencia } from './rrhh.service.ts';

// The .xlsx/.csv of the two HR screens. Everything is read through RrhhService with the viewer,
// so the human-resources permission is checked by the very queries the screens use (and the
// input is validated by them: a bad range answers the mutation, not a failed export).

const formatoSchema = z.object({
  formato: z.enum(['XLSX', 'CSV'], { error: 'El campo "formato" debe ser XLSX o CSV' }).nullish(),
});

/** Spanish names of the attendance states. */
export const ESTADO_ASISTENCIA: Record<string, string> = {
  PRESENTE: 'Presente',
  FALTA: 'Falta',
  VACACIONES: 'Vacaciones',
  INCAPACIDAD: 'Incapacidad',
  PERMISO: 'Permiso',
};

const EMPLEADO: ColumnaExport[] = [
  { clave: 'codigo', titulo: 'Código', tipo: 'texto' },
  { clave: 'nombre', titulo: 'Empleado', tipo: 'texto' },
  { clave: 'area', titulo: 'Área', tipo: 'texto' },
];
const horas = (clave: string, titulo: string, resumen: 'suma' | null = 'suma'): ColumnaExport => ({
  clave,
  titulo,
  unidad: 'h',
  tipo: 'numero',
  decimales: 2,
  resumen,
});
const porcentaje = (clave: string, titulo: string): ColumnaExport => ({
  clave,
  titulo,
  unidad: '%',
  tipo: 'numero',
  decimales: 2,
});

/** The title block's range: plant midnight of the first day to midnight after the last. */
function periodo(desde: string, hasta: string, tz: string) {
  return {
    desde: calendarDayRange(desde, tz).start.toISOString(),
    hasta: calendarDayRange(hasta, tz).end.toISOString(),
  };
}

function entrada(rawInput: unknown): Record<string, unknown> {
  return rawInput !== null && typeof rawInput === 'object' ? (rawInput as Record<string, unknown>) : {};
}

/** exportarHorasExtra: the /recursos-humanos screen as sheets (summary, weeks, employees, detail). */
export async function exportarHorasExtra(
  rrhh: RrhhService,
  exportaciones: ExportacionesService,
  tz: string,
  viewer: Viewer,
  rawInput: unknown,
) {
  const input = entrada(rawInput);
  const { formato } = parseInput(formatoSchema, { formato: input.formato });
  const rango = { desde: input.desde, hasta: input.hasta, area: input.area };
  const [resumen, semanas, empleados, detalle] = await Promise.all([
    rrhh.horasExtraResumen(viewer, rango),
    rrhh.horasExtraSemanal(viewer, rango),
    rrhh.horasExtraEmpleados(viewer, { ...rango, limite: 100 }),
    rrhh.horasExtraDetalle(viewer, rango),
  ]);
  const desde = String(input.desde);
  const hasta = String(input.hasta);
  const area = typeof input.area === 'string' && input.area.trim() ? input.area.trim() : null;
  const hojas: HojaExport[] = [
    {
      nombre: 'Resumen',
      columnas: [
        { clave: 'area', titulo: 'Área', tipo: 'texto' },
        horas('horas', 'Horas extra', null),
        horas('horas_dobles', 'Dobles', null),
        horas('horas_triples', 'Triples', null),
        horas('horas_ordinarias', 'Horas ordinarias', null),
        porcentaje('porcentaje_ordinarias', 'Horas extra / ordinarias'),
        horas('presupuesto', 'Presupuesto', null),
        porcentaje('porcentaje_presupuesto', 'Horas extra / presupuesto'),
        { clave: 'empleados', titulo: 'Empleados con horas extra', tipo: 'numero', decimales: 0 },
      ],
      filas: [{ area: area ?? 'Todas', ...resumen }],
      totalFilas: 1,
    },
    {
      nombre: 'Por semana y área',
      columnas: [
        { clave: 'semana', titulo: 'Semana (lunes)', tipo: 'fecha' },
        { clave: 'area', titulo: 'Área', tipo: 'texto' },
        horas('horas', 'Horas extra'),
        horas('horas_dobles', 'Dobles'),
        horas('horas_triples', 'Triples'),
        horas('presupuesto', 'Presupuesto'),
        porcentaje('porcentaje_presupuesto', 'Horas extra / presupuesto'),
        horas('horas_ordinarias', 'Horas ordinarias'),
        porcentaje('porcentaje_ordinarias', 'Horas extra / ordinarias'),
      ],
      filas: semanas.map((s) => ({ ...s })),
      totalFilas: semanas.length,
    },
    {
      nombre: 'Empleados',
      columnas: [
        ...EMPLEADO,
        horas('horas', 'Horas extra'),
        horas('horas_dobles', 'Dobles'),
        horas('horas_triples', 'Triples'),
        { clave: 'dias', titulo: 'Días', tipo: 'numero', decimales: 0, resumen: 'suma' },
        { clave: 'motivos', titulo: 'Motivos', tipo: 'texto' },
      ],
      filas: empleados.map((e) => ({ ...e.empleado, ...e, motivos: e.motivos.join('; ') })),
      totalFilas: empleados.length,
    },
    {
      nombre: 'Detalle',
      columnas: [
        { clave: 'fecha', titulo: 'Fecha', tipo: 'fecha' },
        ...EMPLEADO,
        horas('horas', 'Horas'),
        { clave: 'tipo', titulo: 'Tipo', tipo: 'texto' },
        { clave: 'motivo', titulo: 'Motivo', tipo: 'texto' },
      ],
      filas: detalle.map((d) => ({
        ...d.empleado,
        fecha: d.fecha,
        horas: d.horas,
        tipo: d.tipo === 'DOBLE' ? 'Doble' : 'Triple',
        motivo: d.motivo,
      })),
      totalFilas: detalle.length,
    },
  ];
  return exportaciones.iniciar(viewer, {
    informe: 'Horas Extra',
    archivo: `horas-extra_${desde}_${hasta}${area ? `_${area}` : ''}`,
    formato: formato ?? 'XLSX',
    parametros: { ...periodo(desde, hasta, tz), ...(area ? { area } : {}) },
    hojas: async () => hojas,
    permiso: 'human-resources',
  });
}

/** exportarAsistencia: the /recursos-humanos/asistencia-diaria screen (the day, the absent, the trend). */
export async function exportarAsistencia(
  rrhh: RrhhService,
  exportaciones: ExportacionesService,
  tz: string,
  viewer: Viewer,
  rawInput: unknown,
) {
  const input = entrada(rawInput);
  const { formato } = parseInput(formatoSchema, { formato: input.formato });
  const [porArea, ausencias, dias] = await Promise.all([
    rrhh.asistenciaDiaria(viewer, { fecha: input.fecha }),
    rrhh.ausencias(viewer, { fecha: input.fecha, area: input.area }),
    rrhh.asistenciaRango(viewer, { desde: input.desde, hasta: input.hasta, area: input.area }),
  ]);
  const fecha = String(input.fecha);
  const area = typeof input.area === 'string' && input.area.trim() ? input.area.trim() : null;
  const conteos: ColumnaExport[] = [
    { clave: 'programados', titulo: 'Programados', tipo: 'numero', decimales: 0, resumen: 'suma' },
    { clave: 'presentes', titulo: 'Presentes', tipo: 'numero', decimales: 0, resumen: 'suma' },
    { clave: 'faltas', titulo: 'Faltas', tipo: 'numero', decimales: 0, resumen: 'suma' },
    { clave: 'vacaciones', titulo: 'Vacaciones', tipo: 'numero', decimales: 0, resumen: 'suma' },
    { clave: 'incapacidades', titulo: 'Incapacidad', tipo: 'numero', decimales: 0, resumen: 'suma' },
    { clave: 'permisos', titulo: 'Permiso', tipo: 'numero', decimales: 0, resumen: 'suma' },
    porcentaje('asistencia_pct', 'Asistencia'),
    porcentaje('ausentismo_pct', 'Ausentismo'),
  ];
  const areas = area ? porArea.filter((a) => a.area === area) : porArea;
  const hojas: HojaExport[] = [
    {
      nombre: `Día ${fecha.split('-').reverse().join('-')}`,
      // The plant's row is the total (percentages as ratios of sums): no summary rows.
      columnas: [
        { clave: 'area', titulo: 'Área', tipo: 'texto' },
        ...conteos.map((c) => ({ ...c, resumen: null })),
      ],
      filas: [...areas.map((a) => ({ ...a })), { area: 'Planta', ...sumarAsistencia(areas) }],
      totalFilas: areas.length + 1,
    },
    {
      nombre: 'Ausentes',
      columnas: [
        ...EMPLEADO,
        { clave: 'puesto', titulo: 'Puesto', tipo: 'texto' },
        { clave: 'estado', titulo: 'Motivo', tipo: 'texto' },
      ],
      filas: ausencias.map((a) => ({ ...a.empleado, estado: ESTADO_ASISTENCIA[a.estado] ?? a.estado })),
      totalFilas: ausencias.length,
    },
    {
      nombre: 'Tendencia',
      columnas: [{ clave: 'fecha', titulo: 'Fecha', tipo: 'fecha' }, ...conteos],
      filas: dias.map((d) => ({ ...d })),
      totalFilas: dias.length,
    },
  ];
  return exportaciones.iniciar(viewer, {
    informe: 'Asistencia Diaria',
    archivo: `asistencia_${fecha}${area ? `_${area}` : ''}`,
    formato: formato ?? 'XLSX',
    parametros: {
      ...periodo(String(input.desde), String(input.hasta), tz),
      fecha,
      ...(area ? { area } : {}),
    },
    hojas: async () => hojas,
    permiso: 'human-resources',
  });
}
