import { plantClockParts } from '@planta/domain';
/** Spanish labels of the alarms' and notifications' codes (issue 17). */

export const SEVERIDAD_LABEL: Record<string, string> = {
  INFO: 'Información',
  AVISO: 'Aviso',
  CRITICA: 'Crítica',
};

/** The MUI colour of a severity's chip. */
export const SEVERIDAD_COLOR: Record<string, 'info' | 'warning' | 'error'> = {
  INFO: 'info',
  AVISO: 'warning',
  CRITICA: 'error',
};

export const ESTADO_ALARMA_LABEL: Record<string, string> = {
  ACTIVA: 'Activa',
  RECONOCIDA: 'Reconocida',
  NORMALIZADA: 'Normalizada',
};

/** An instant as the plant reads it: '27/11/2026, 08:05' (in the plant's zone when known). */
export function formatInstante(iso: string, timeZone: string | undefined): string {
  const p = plantClockParts(iso, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  return `${p.day}/${p.month}/${p.year}, ${p.hour}:${p.minute}`;
}

/** '1,234.5': a value or limit with up to `decimales` decimals (es-PE). */
export function formatMedida(valor: number, unidad?: string | null, decimales = 2): string {
  const texto = new Intl.NumberFormat('es-PE', { maximumFractionDigits: decimales }).format(valor);
  return unidad ? `${texto} ${unidad}` : texto;
}
