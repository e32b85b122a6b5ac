import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/graphql-client.ts';
import { notify } from '../../../lib/notify.tsx';
import { asignarMotivoParo, leerParosTurno } from '../api/paros.ts';
import {
  enviarPendientes,
  type EnvioApi,
  guardarPendiente,
  leerPendientes,
  type Pendiente,
  suscribirPendientes,
} from '../utils/pendientes.ts';

/** While reasons wait and the browser says it is online, how often sending is tried again. */
const REINTENTO_MS = 20_000;
const NINGUNO: Pendiente[] = [];

/** No answer from the server: the browser is offline or the request never came back. */
export const esErrorDeRed = (error: unknown) => error instanceof ApiError && error.status === 0;

const envioApi: EnvioApi = {
  asignar: (p) =>
    asignarMotivoParo({
      paro_id: p.paro_id,
      motivo_id: p.motivo_id,
      comentario: p.comentario,
      version: p.version,
    }),
  motivoActual: async (p) => {
    const turno = await leerParosTurno(p.linea_id, p.fecha, p.turno);
    const paro = turno.items.find((x) => x.id === p.paro_id);
    return paro ? (paro.motivo?.id ?? null) : undefined;
  },
  esDeRed: esErrorDeRed,
  esConflicto: (error) => error instanceof ApiError && error.code === 'CONFLICT',
};

/**
 * The reasons this user gave without a connection (by stop), a way to keep one more, and their
 * sending: at start, when the browser comes back online, and every 20 s while some wait.
 */
export function usePendientes(userId: string | undefined) {
  const queryClient = useQueryClient();
  const lista = useSyncExternalStore(suscribirPendientes, () => (userId ? leerPendientes(userId) : NINGUNO));
  const porParo = useMemo(() => new Map(lista.map((p) => [p.paro_id, p])), [lista]);

  const enviar = useCallback(async () => {
    if (!userId || !navigator.onLine || leerPendientes(userId).length === 0) return;
    const { enviados, rechazados } = await enviarPendientes(userId, envioApi);
    if (enviados.length > 0)
      notify(
        'positive',
        enviados.length === 1 ? 'Motivo enviado' : `${enviados.length} motivos enviados`,
        'Se guardaron los motivos dados sin conexión',
      );
    for (const { pendiente, mensaje } of rechazados)
      notify('negative', `No se guardó el motivo «${pendiente.motivo_nombre}»`, mensaje);
    if (enviados.length + rechazados.length > 0)
      await queryClient.invalidateQueries({ queryKey: ['paros-turno'] });
  }, [userId, queryClient]);

  const hayPendientes = lista.length > 0;
  useEffect(() => {
    void enviar();
    const alVolver = () => void enviar();
    window.addEventListener('online', alVolver);
    const timer = hayPendientes ? setInterval(alVolver, REINTENTO_MS) : undefined;
    return () => {
      window.removeEventListener('online', alVolver);
      if (timer) clearInterval(timer);
    };
  }, [enviar, hayPendientes]);

  const guardar = useCallback(
    (p: Pendiente) => {
      if (userId) guardarPendiente(userId, p);
    },
    [userId],
  );

  return { pendientes: porParo, guardar, enviar };
}
