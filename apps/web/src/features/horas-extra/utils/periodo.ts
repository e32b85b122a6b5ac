// The range rules of the dashboards (a month by default, or a chosen Desde/Hasta of at most 366
// days), shared through packages/charts.
export { diasDelPeriodo, type Periodo, resolverPeriodo } from '@planta/charts/mantenimiento/periodo';
