import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import {
  MarcarNotificacionesLeidasDocument,
  NotificacionesCampanaDocument,
  type NotificacionesCampanaQuery,
} from './notificaciones.generated.ts';

export type NotificacionCampana = NotificacionesCampanaQuery['notificaciones'][number];

export const notificacionesKey = ['notificaciones', 'campana'] as const;

/** The viewer's notifications, newest first (at most 100), and the plant's time zone to show them in. */
export function useNotificaciones() {
  return useQuery({
    queryKey: notificacionesKey,
    queryFn: ({ signal }) => gql(NotificacionesCampanaDocument, {}, { signal }).then((r) => r),
  });
}

/** Marks these notifications as read (all of them when ids is omitted). */
export const marcarLeidas = (ids?: string[]) =>
  gql(MarcarNotificacionesLeidasDocument, { ids: ids ?? null }).then((r) => r.marcarNotificacionesLeidas);
