import { useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../../lib/consultas.ts';
import { useEffect } from 'react';
import type { AsignarMotivoParoInput, DividirParoInput } from '../../../gql/types.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { useSubscription } from '../../../lib/use-subscription.ts';
import { fusionarParo } from '../utils/paros.ts';
import { AsignarMotivoParoDocument } from './asignar-motivo-paro.generated.ts';
import { ParosCategoriasDocument } from './categorias-paro.generated.ts';
import { DividirParoDocument } from './dividir-paro.generated.ts';
import { ParosLineaDocument } from './paros-linea.generated.ts';
import { ParosLineasDocument } from './paros-lineas.generated.ts';
import { ParosTurnoDocument, type ParosTurnoQuery } from './paros-turno.generated.ts';
import { ParosUmbralesDocument } from './umbrales-microparo.generated.ts';

export type ParosTurno = ParosTurnoQuery['parosTurno'];

export const parosTurnoKey = (lineaId: string) => ['paros-turno', lineaId] as const;

/** Every production line (for those who are not operators: an operator's come with `me`). */
export function useParosLineas(enabled: boolean) {
  return useQuery({
    queryKey: ['paros-lineas'],
    queryFn: ({ signal }) => gql(ParosLineasDocument, {}, { signal }).then((r) => r.lineas),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The stops of the line's current shift, newest first. */
export function useParosTurno(lineaId: string | null) {
  return useQuery({
    queryKey: parosTurnoKey(lineaId ?? ''),
    queryFn: ({ signal }) =>
      gql(ParosTurnoDocument, { lineaId: lineaId ?? '' }, { signal }).then((r) => r.parosTurno),
    enabled: lineaId !== null,
    // The shift rolls over while the screen is open; live messages arrive meanwhile.
    refetchInterval: 60_000,
  });
}

/** A shift's stops, read once (to check a stop after a CONFLICT). */
export const leerParosTurno = (lineaId: string, fecha: string, turno: number) =>
  gql(ParosTurnoDocument, { lineaId, fecha, turno }).then((r) => r.parosTurno);

/**
 * Live changes of the line's stops: each message is merged into the shift's list at once, then
 * the list is read again (a split brings two stops, a new one may belong to the next shift, and
 * messages that arrive together reach React as the last one).
 */
export function useParosEnVivo(lineaId: string | null): void {
  const queryClient = useQueryClient();
  const mensaje = useSubscription(
    ParosLineaDocument,
    { lineaId: lineaId ?? '' },
    { enabled: lineaId !== null },
  )?.parosLinea;
  useEffect(() => {
    if (!mensaje || mensaje.linea_id !== lineaId) return;
    const key = parosTurnoKey(lineaId);
    queryClient.setQueryData<ParosTurno>(key, (actual) =>
      actual && actual.turno === mensaje.turno
        ? { ...actual, items: fusionarParo(actual.items, mensaje) }
        : actual,
    );
    void queryClient.invalidateQueries({ queryKey: key });
  }, [mensaje, lineaId, queryClient]);
}

/** The plant's tree of stop reasons. */
export function useCategoriasParo() {
  return useQuery({
    queryKey: ['paros-categorias'],
    queryFn: ({ signal }) => gql(ParosCategoriasDocument, {}, { signal }).then((r) => r.categoriasParo),
    staleTime: 10 * 60_000,
  });
}

export type CategoriaParo = NonNullable<ReturnType<typeof useCategoriasParo>['data']>[number];

export const asignarMotivoParo = (input: AsignarMotivoParoInput) =>
  gql(AsignarMotivoParoDocument, { input }).then((r) => r.asignarMotivoParo);

export const dividirParo = (input: DividirParoInput) =>
  gql(DividirParoDocument, { input }).then((r) => r.dividirParo);

/** The line's micro-stop threshold in seconds (0 until known: every stop without a reason waits). */
export function useUmbralMicroparo(lineaId: string | null): number {
  const umbrales = useQuery({
    queryKey: ['paros-umbrales'],
    queryFn: ({ signal }) => gql(ParosUmbralesDocument, {}, { signal }).then((r) => r.umbralesMicroparo),
    staleTime: 10 * 60_000,
  });
  return umbrales.data?.find((u) => u.linea_id === lineaId)?.segundos ?? 0;
}
