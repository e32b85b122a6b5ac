/** Helpers of the exports list: sizes, plant-time dates, what an export covers. */

/** 736 KB, 1,4 MB (Spanish decimal comma), 512 B. */
export function tamano(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb).toLocaleString('es-PE')} KB`;
  return `${(kb / 1024).toLocaleString('es-PE', { maximumFractionDigits: 1 })} MB`;
}

const formatos = new Map<string, Intl.DateTimeFormat>();
/** 'dd/mm/aaaa hh:mm' in the plant's time zone. */
export function fechaHoraPlanta(instante: string, timeZone: string): string {
  let f = formatos.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('es-PE', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatos.set(timeZone, f);
  }
  const d = new Date(instante);
  if (Number.isNaN(d.getTime())) return '—';
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** '01/11/2026 08:00 – 24/11/2026 08:00 · 1 hora', or '—' when the export has no range. */
export function rango(
  e: { desde: string | null; hasta: string | null; intervalo: string | null },
  timeZone: string,
): string {
  if (!e.desde || !e.hasta) return e.intervalo ?? '—';
  const texto = `${fechaHoraPlanta(e.desde, timeZone)} – ${fechaHoraPlanta(e.hasta, timeZone)}`;
  return e.intervalo ? `${texto} · ${e.intervalo}` : texto;
}

/** Whether the file may still be downloaded (LISTA and not expired). */
export function descargable(e: { estado: string; expira: string }, ahora: number): boolean {
  return e.estado === 'LISTA' && new Date(e.expira).getTime() > ahora;
}
