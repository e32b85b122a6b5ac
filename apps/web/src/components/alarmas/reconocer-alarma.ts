import { gql } from '../../lib/graphql-client.ts';
import { ReconocerAlarmaDocument } from './reconocer-alarma.generated.ts';

/** Acknowledges an active alarm (the bell's panel and /configuracion/notificaciones' history). */
export const reconocerAlarma = (id: string, comentario: string) =>
  gql(ReconocerAlarmaDocument, { id, comentario }).then((r) => r.reconocerAlarma);
