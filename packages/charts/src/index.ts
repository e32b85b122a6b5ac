/**
 * @planta/charts: the pure ECharts option builders the web app draws on canvas and the server
 * renders to SVG for the PDF reports, with the walden theme and the Spanish number and date
 * formatting they use. No browser-only import and no ECharts runtime: option types only.
 */
export * from './chart-option.ts';
export * from './format.ts';
export * from './kpi.ts';
export * from './options.ts';
export * from './plant-hours.ts';
export * from './tooltip.ts';
export * from './walden-theme.ts';
export * from './trend/history-option.ts';
export * from './trend/history-stats.ts';
export * from './trend/tooltip.ts';
export * from './trend/trend-axis.ts';
export * from './trend/trend-option.ts';
export * from './trend/trend-points.ts';
export * from './mantenimiento/energia-option.ts';
export * from './mantenimiento/lineas.ts';
export * from './mantenimiento/mttr-option.ts';
export * from './mantenimiento/pareto-option.ts';
export * from './mantenimiento/periodo.ts';
export * from './mantenimiento/resumen.ts';
export * from './variable-order.ts';
export * from './fabrica/fabrica-variables.ts';
export {
  CONSUMOS,
  isRendimiento,
  RENDIMIENTO_AREA,
  RENDIMIENTOS_ORDEN,
  rendimientoSections,
} from './rendimiento/rendimiento-variables.ts';
export * from './eficiencia-pagada/eficiencia-pagada-option.ts';
export * from './utilidades/consumo-option.ts';
export * from './utilidades/flujo-aire-option.ts';
export * from './planificacion/cumplimiento.ts';
export * from './planificacion/periodo.ts';
export * from './planificacion/planificacion-variables.ts';
export {
  buildVolumenDiarioOption,
  etiquetaDiaVisible,
  type PuntoDia,
  puntosDelMes,
  type VolumenDiarioInput,
} from './planificacion/volumen-diario-option.ts';
export * from './planificacion/volumen-mensual-option.ts';
export * from './lineas/produccion.ts';
export * from './lineas/producto.ts';
export * from './zero-waste/zero-waste.ts';
export * from './zero-waste/zwl-option.ts';
export * from './zero-waste/desglose-option.ts';
export * from './reporte-aire/tabla-reporte.ts';
export * from './reporte-aire/reporte-option.ts';
export * from './reporte-contadores/contadores-option.ts';
export * from './reporte-scada/scada-option.ts';
export { buildEtaOption } from './eficiencia-energetica/eta-option.ts';
export { buildContadoresOption as buildContadoresHoraOption } from './eficiencia-energetica/contadores-option.ts';
export { buildLinea4Option } from './eficiencia-energetica/linea4-option.ts';
export * from './rrhh/asistencia-options.ts';
