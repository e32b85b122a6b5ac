// The period rules moved to packages/charts (the server's PDF report of /mantenimiento uses them too).
export {
  diasDelPeriodo,
  diasEntre,
  finDeMes,
  MAX_DIAS_PERIODO,
  type Periodo,
  periodoMes,
  resolverPeriodo,
} from '@planta/charts/mantenimiento/periodo';
export { moverMes } from '../../../components/dates/month-steps.tsx';
