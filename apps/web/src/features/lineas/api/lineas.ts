import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { useSubscription } from '../../../lib/use-subscription.ts';
import { LineaEnVivoDocument } from './linea-en-vivo.generated.ts';
import { LineasProduccionDocument } from './lineas-produccion.generated.ts';

export function useLineas() {
  return useQuery({
    queryKey: ['lineas'],
    queryFn: ({ signal }) => gql(LineasProduccionDocument, {}, { signal }).then((r) => r.lineas),
    staleTime: 5 * 60_000,
  });
}

/** The line's live values while `enabled` (the day in progress); null before the first message. */
export function useLineaEnVivo(linea: number, enabled = true) {
  return useSubscription(LineaEnVivoDocument, { linea }, { enabled })?.lineaEnVivo ?? null;
}
