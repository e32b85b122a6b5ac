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

const formatos = new Map<string, Intl.DateTimeFormat>();

/** An instant as the plant reads it: '27/11/2026, 08:05' (es-PE, in the plant's zone when known). */
export function formatInstante(iso: string, timeZone: string | undefined): string {
  const clave = timeZone ?? '';
  let formato = formatos.get(clave);
  if (!formato) {
    formato = new Intl.DateTimeFormat('es-PE', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatos.set(clave, formato);
  }
  return formato.format(new Date(iso));
}

/** '1,234.5': a value or limit with up to `decimales` decimals (es-PE). */
export function formatMedida(valor: number, unidad?: string | null, decimales = 2): string {
  const texto = new Intl.NumberFormat('es-PE', { maximumFractionDigits: decimales }).format(valor);
  return unidad ? `${texto} ${unidad}` : texto;
}
