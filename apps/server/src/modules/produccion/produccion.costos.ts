import { type Args, type CostTable, instantMinutes, rangeDays, reject } from '../../graphql/costos.ts';
import { GRAPHQL_LIMITS } from '../../graphql/limits.ts';

/** Points of a minute series: max_puntos (default 2000), never more than the range's minutes. */
function scadaPoints(args: Args, field: string): number {
  const { minPuntos, maxPuntos } = GRAPHQL_LIMITS;
  const asked = args.max_puntos;
  if (asked !== null && asked !== undefined) {
    if (typeof asked !== 'number' || asked < minPuntos || asked > maxPuntos) {
      reject(
        `El argumento "max_puntos" de ${field} debe estar entre ${minPuntos} y ${maxPuntos}`,
        'max_puntos',
      );
    }
  }
  const points = typeof asked === 'number' ? asked : 2000;
  return Math.min(points, instantMinutes(args, field));
}

/** The GraphQL cost of this module's list fields (graphql/costos.ts). */
export const costosProduccion: CostTable = {
  // The points, as objects (lecturas) or as one list per field (columnas).
  'Query.scadaLinea': { estimate: scadaPoints, child: ['lecturas', 'columnas'] },
  'Query.scadaLinea4': { estimate: scadaPoints, child: ['lecturas', 'columnas'] },
  'Query.contadoresHora': { estimate: (a, f) => Math.ceil(instantMinutes(a, f) / 60) + 1 },
  'Query.scadaHistorico': { estimate: (a, f) => rangeDays(a, f) },
};
