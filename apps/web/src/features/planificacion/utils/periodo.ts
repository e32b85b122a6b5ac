// The month bounds moved to packages/charts (the server's PDF report uses them too).
export * from '@planta/charts/planificacion/periodo';
export { moverMes } from '../../../components/dates/month-steps.tsx';
