import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { useSubscription } from '../../../lib/use-subscription.ts';
import { ConexionPlantaActualDocument, ConexionPlantaDocument } from './conexion-planta.generated.ts';

/** The collector's link with the PLCs: the current state, then every change as it happens. */
export function useConexionPlanta() {
  const initial = useQuery({
    queryKey: ['conexion-planta'],
    queryFn: ({ signal }) =>
      gql(ConexionPlantaActualDocument, {}, { signal }).then((r) => r.conexionPlantaActual),
    refetchInterval: 60_000,
  });
  const live = useSubscription(ConexionPlantaDocument, {});
  return live?.conexionPlanta ?? initial.data ?? null;
}
