import { addDays } from '@planta/domain';
import { type ConteoAsistencia, formatFecha, formatNumber, formatPercent, formatValue } from '@planta/charts';
import { sumarSemanas } from '@planta/charts/rrhh/semanas';
import { ESTADO_ASISTENCIA } from '../rrhh/rrhh.exportar.ts';
import { sumarAsistencia } from '../rrhh/rrhh.service.ts';
import { type DefinicionInforme, fechaParametro, periodoDia, periodoRango } from './definicion.ts';
import type { ColumnaTabla, Seccion } from './informe.ts';

// The PDFs of the two HR screens. They read through RrhhService with the viewer, so the
// human-resources permission is checked by the same queries the screens use.

const horas = (h: number | null) => formatValue(h, 'h', 2);
const area = (raw: string | null | undefined) => (raw && raw.trim() ? raw.trim().slice(0, 100) : null);
const conArea = (a: string | null) => (a ? ` — ${a}` : '');
/** The counts a chart needs (plain data: charts cross to the PDF thread). */
const conteo = (c: ConteoAsistencia): ConteoAsistencia => ({
  programados: c.programados,
  presentes: c.presentes,
  faltas: c.faltas,
  vacaciones: c.vacaciones,
  incapacidades: c.incapacidades,
  permisos: c.permisos,
  asistencia_pct: c.asistencia_pct,
  ausentismo_pct: c.ausentismo_pct,
});

/** /recursos-humanos: the range's overtime (default: the month to date), by week and area, top employees. */
export const informeHorasExtra: DefinicionInforme = async ({ viewer, hoy, parametros, servicios }) => {
  const hasta = fechaParametro(parametros.hasta, 'hasta', hoy) ?? hoy;
  const desde = fechaParametro(parametros.desde, 'desde', hoy) ?? `${hasta.slice(0, 7)}-01`;
  const elegida = area(parametros.area);
  const rango = { desde, hasta, area: elegida };
  // Validates now (permission, order, length): errors answer the mutation.
  const resumen = await servicios.rrhh.horasExtraResumen(viewer, rango);
  return {
    periodo: periodoRango(desde, hasta) + conArea(elegida),
    archivo: `horas-extra_${desde}_${hasta}`,
    parametros: { desde, hasta, ...(elegida ? { area: elegida } : {}) },
    async secciones() {
      const [semanas, empleados] = await Promise.all([
        servicios.rrhh.horasExtraSemanal(viewer, rango),
        servicios.rrhh.horasExtraEmpleados(viewer, { ...rango, limite: 15 }),
      ]);
      const porSemana = sumarSemanas(semanas);
      const secciones: Seccion[] = [
        {
          tipo: 'tabla',
          titulo: 'Resumen',
          nota: 'Horas ordinarias = días presentes × 8 h. Presupuesto mensual del área prorrateado a los días del rango.',
          columnas: [
            { titulo: 'Horas extra' },
            { titulo: 'Dobles' },
            { titulo: 'Triples' },
            { titulo: '% de ordinarias' },
            { titulo: 'Presupuesto' },
            { titulo: '% del presupuesto' },
            { titulo: 'Empleados' },
          ],
          filas: [
            [
              horas(resumen.horas),
              horas(resumen.horas_dobles),
              horas(resumen.horas_triples),
              formatPercent(resumen.porcentaje_ordinarias, 2),
              horas(resumen.presupuesto),
              formatPercent(resumen.porcentaje_presupuesto, 2),
              formatNumber(resumen.empleados, 0),
            ],
          ],
        },
        {
          tipo: 'grafico',
          titulo: 'Horas extra por semana',
          subtitulo: `Dobles y triples (barras apiladas) frente al presupuesto (línea discontinua)${elegida ? `, ${elegida}` : ', todas las áreas (suma)'}.`,
          grafico: { tipo: 'horas-extra-semanas', entrada: { semanas: porSemana } },
          alto: 280,
        },
        {
          tipo: 'grafico',
          titulo: 'Tendencia',
          subtitulo: 'Horas extra como % de las horas ordinarias y del presupuesto, por semana.',
          grafico: { tipo: 'horas-extra-tendencia', entrada: { semanas: porSemana } },
          alto: 240,
        },
        {
          tipo: 'tabla',
          titulo: 'Por semana y área',
          columnas: [
            { titulo: 'Semana (lunes)' },
            { titulo: 'Área', ancho: 1.3 },
            { titulo: 'Horas extra' },
            { titulo: 'Dobles' },
            { titulo: 'Triples' },
            { titulo: 'Presupuesto' },
            { titulo: '% presup.' },
            { titulo: '% ordinarias' },
          ],
          filas: semanas.map((s) => [
            formatFecha(s.semana),
            s.area,
            horas(s.horas),
            horas(s.horas_dobles),
            horas(s.horas_triples),
            horas(s.presupuesto),
            formatPercent(s.porcentaje_presupuesto, 2),
            formatPercent(s.porcentaje_ordinarias, 2),
          ]),
        },
        {
          tipo: 'tabla',
          titulo: 'Empleados con más horas extra',
          columnas: [
            { titulo: 'Código', ancho: 0.8 },
            { titulo: 'Empleado', ancho: 1.8, alinear: 'left' },
            { titulo: 'Área', ancho: 1.5, alinear: 'left' },
            { titulo: 'Horas' },
            { titulo: 'Dobles' },
            { titulo: 'Triples' },
            { titulo: 'Días', ancho: 0.6 },
            { titulo: 'Motivos', ancho: 2.2, alinear: 'left' },
          ],
          filas: empleados.map((e) => [
            e.empleado.codigo,
            e.empleado.nombre,
            e.empleado.area,
            horas(e.horas),
            horas(e.horas_dobles),
            horas(e.horas_triples),
            formatNumber(e.dias, 0),
            e.motivos.join('; '),
          ]),
        },
      ];
      return secciones;
    },
  };
};

/** /recursos-humanos/asistencia-diaria: the day by area, who was absent and why, the trend. */
export const informeAsistencia: DefinicionInforme = async ({ viewer, hoy, parametros, servicios }) => {
  const fecha = fechaParametro(parametros.fecha, 'fecha', hoy) ?? hoy;
  const hasta = fechaParametro(parametros.hasta, 'hasta', hoy) ?? fecha;
  const desde = fechaParametro(parametros.desde, 'desde', hoy) ?? addDays(hasta, -29);
  const elegida = area(parametros.area);
  const porArea = await servicios.rrhh.asistenciaDiaria(viewer, { fecha });
  return {
    periodo: periodoDia(fecha).replace('Día de producción', 'Día') + conArea(elegida),
    archivo: `asistencia_${fecha}`,
    parametros: { desde, hasta, fecha, ...(elegida ? { area: elegida } : {}) },
    async secciones() {
      const [ausencias, dias] = await Promise.all([
        servicios.rrhh.ausencias(viewer, { fecha, area: elegida }),
        servicios.rrhh.asistenciaRango(viewer, { desde, hasta, area: elegida }),
      ]);
      const areas = elegida ? porArea.filter((a) => a.area === elegida) : porArea;
      const conteos = (a: Parameters<typeof sumarAsistencia>[0][number]) => [
        formatNumber(a.programados, 0),
        formatNumber(a.presentes, 0),
        formatNumber(a.faltas, 0),
        formatNumber(a.vacaciones, 0),
        formatNumber(a.incapacidades, 0),
        formatNumber(a.permisos, 0),
      ];
      const columnas: ColumnaTabla[] = [
        { titulo: 'Programados', ancho: 1.2 },
        { titulo: 'Presentes' },
        { titulo: 'Faltas' },
        { titulo: 'Vacaciones' },
        { titulo: 'Incapacidad' },
        { titulo: 'Permiso' },
        { titulo: 'Asistencia' },
        { titulo: 'Ausentismo' },
      ];
      const total = sumarAsistencia(areas);
      return [
        {
          tipo: 'tabla',
          titulo: `Asistencia por área del ${formatFecha(fecha)}`,
          nota: 'Ausentismo = (faltas + incapacidades + permisos) / (programados − vacaciones). Total de planta como razón de sumas.',
          columnas: [{ titulo: 'Área', ancho: 1.3 }, ...columnas],
          filas: [...areas, { area: 'Planta', ...total }].map((a) => [
            a.area,
            ...conteos(a),
            formatPercent(a.asistencia_pct, 2),
            formatPercent(a.ausentismo_pct, 2),
          ]),
        },
        {
          tipo: 'grafico',
          titulo: 'Estados por área',
          subtitulo: `Empleados de cada área por estado el ${formatFecha(fecha)}`,
          grafico: {
            tipo: 'estados-area',
            entrada: { filas: areas.map((a) => ({ area: a.area, ...conteo(a) })) },
          },
          alto: Math.max(200, 80 + areas.length * 34),
        },
        {
          tipo: 'tabla',
          titulo: `Ausentes el ${formatFecha(fecha)} (${formatNumber(ausencias.length, 0)})`,
          columnas: [
            { titulo: 'Código', ancho: 0.8 },
            { titulo: 'Empleado', ancho: 1.8, alinear: 'left' },
            { titulo: 'Área', ancho: 1.2, alinear: 'left' },
            { titulo: 'Puesto', ancho: 1.4, alinear: 'left' },
            { titulo: 'Motivo', alinear: 'left' },
          ],
          filas: ausencias.map((a) => [
            a.empleado.codigo,
            a.empleado.nombre,
            a.empleado.area,
            a.empleado.puesto,
            ESTADO_ASISTENCIA[a.estado] ?? a.estado,
          ]),
        },
        {
          tipo: 'grafico',
          titulo: 'Tendencia de asistencia',
          subtitulo: `Asistencia y ausentismo por día, del ${formatFecha(desde)} al ${formatFecha(hasta)}${conArea(elegida)}`,
          grafico: {
            tipo: 'tendencia-asistencia',
            entrada: { dias: dias.map((d) => ({ fecha: d.fecha, ...conteo(d) })) },
          },
          alto: 280,
        },
        {
          tipo: 'tabla',
          titulo: `Tendencia del ${formatFecha(desde)} al ${formatFecha(hasta)}${conArea(elegida)}`,
          columnas: [{ titulo: 'Fecha' }, ...columnas],
          filas: dias.map((d) => [
            formatFecha(d.fecha),
            ...conteos(d),
            formatPercent(d.asistencia_pct, 2),
            formatPercent(d.ausentismo_pct, 2),
          ]),
        },
      ] satisfies Seccion[];
    },
  };
};
