import { useMemo } from 'react';
import type { LineaEnVivoSubscription } from '../api/linea-en-vivo.generated.ts';
import { useLineaDia } from '../api/linea-dia.ts';
import { type ProductoPresentacion, usePresentaciones } from '../api/producto-presentacion.ts';
import {
  formatoEnCurso,
  formatosDe,
  horasDelDia,
  type HoraProduccion,
  nominalPonderada,
} from '@planta/charts/lineas/produccion';

export type LineaVivo = LineaEnVivoSubscription['lineaEnVivo'];

/** How often the figures of the production day in progress reload (live values arrive meanwhile). */
export const REFRESCO_HOY_MS = 60_000;

const SIN_LECTURAS: never[] = [];

export interface LineaProduccion {
  dia: ReturnType<typeof useLineaDia>;
  /** The 24 hours 8…23, 0…7 with gaps, finished product and nominal speed. */
  horas: HoraProduccion[];
  /** The day's totals from the server (null when the line has no reading that day). */
  totales: {
    botellas: number;
    botellas_llenas: number;
    paquetes: number;
    producto_terminado: number;
    velocidad_media: number | null;
  } | null;
  /** Minutes the line ran (speed > 0) in the day. */
  minutosActividad: number | null;
  /** Live values, only while the day shown is the one in progress. */
  vivo: LineaVivo | null;
  /** The product on the line now (today, live) or the last of the day. */
  formato: number;
  origenFormato: 'vivo' | 'dia';
  producto: ProductoPresentacion | null | undefined;
  presentaciones: ReadonlyMap<number, ProductoPresentacion | null>;
  nominalDia: number | null;
}

/**
 * Everything a line shows for a production day: its hourly readings placed 8…23, 0…7, the day's
 * totals and running time, the presentations of the products it ran and the one running now.
 */
export function useLineaProduccion(
  linea: number,
  fecha: string,
  timeZone: string,
  isToday: boolean,
  vivoActual: LineaVivo | null,
): LineaProduccion {
  const dia = useLineaDia(linea, fecha, timeZone, { refetchInterval: isToday ? REFRESCO_HOY_MS : undefined });
  const vivo = isToday ? vivoActual : null;
  const lecturas = dia.data?.scadaLinea.lecturas ?? SIN_LECTURAS;
  const vivoFormato = vivo?.formato;
  const formatos = useMemo(() => formatosDe(lecturas, vivoFormato), [lecturas, vivoFormato]);
  const { presentaciones } = usePresentaciones(formatos, linea);
  const horas = useMemo(
    () => horasDelDia(lecturas, timeZone, presentaciones),
    [lecturas, timeZone, presentaciones],
  );
  const { formato, origen } = formatoEnCurso(horas, vivo);
  const nominalDia = useMemo(() => nominalPonderada(horas), [horas]);
  const historico = dia.data?.scadaHistorico[0];
  return {
    dia,
    horas,
    totales: historico ?? null,
    minutosActividad: dia.data ? dia.data.tiempoActividad : null,
    vivo,
    formato,
    origenFormato: origen,
    producto: formato === 0 ? null : presentaciones.get(formato),
    presentaciones,
    nominalDia,
  };
}
