import { type CostTable, instantMinutes, listLength, rangeDays } from '../../graphql/costos.ts';
import { MAX_CELDAS_SCADA, MAX_DIAS_AGRUPACION } from '../../limites-api.ts';

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosReportes: CostTable = {
  // Rows of the counters report: buckets of the range × the lines asked for (a plant has a few).
  // Beyond the grouping's longest range the service refuses before reading, naming the limit.
  'Query.reporteContadores': {
    estimate: (a, f) => {
      const agrupacion = a.agrupacion as keyof typeof MAX_DIAS_AGRUPACION;
      const dias = rangeDays(a, f, 366);
      if (dias > (MAX_DIAS_AGRUPACION[agrupacion] ?? 366)) return 1;
      const porDia = agrupacion === 'HORA' ? 24 : agrupacion === 'TURNO' ? 3 : 1;
      const lineas = Array.isArray(a.lineas) && a.lineas.length > 0 ? Math.min(a.lineas.length, 5) : 5;
      return dias * porDia * lineas;
    },
    child: 'filas',
  },
  // Rows of the SCADA report: buckets of the range. Over its cell limit the service refuses
  // before reading anything, with a message suggesting a larger interval: let it answer.
  'Query.reporteScada': {
    estimate: (a, f) => {
      const minutos = { MINUTO: 1, QUINCE_MINUTOS: 15, HORA: 60, DIA: 1440 }[String(a.intervalo)] ?? 60;
      const filas = Math.ceil(instantMinutes(a, f) / minutos);
      return filas * listLength(a.variables) > MAX_CELDAS_SCADA ? 1 : Math.max(1, filas);
    },
    child: 'filas',
  },
  'Query.variablesScada': { estimate: () => 200 },
};
