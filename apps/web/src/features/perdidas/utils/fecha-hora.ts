const formatos = new Map<string, Intl.DateTimeFormat>();

/** An instant as 'DD/MM HH:MM' in plant time (the tables of a range need the day too). */
export function fechaHora(instante: string | number, timeZone: string): string {
  let f = formatos.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('es-PE', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatos.set(timeZone, f);
  }
  const partes = Object.fromEntries(f.formatToParts(new Date(instante)).map((p) => [p.type, p.value]));
  const dos = (v: string | undefined) => (v ?? '').padStart(2, '0');
  return `${dos(partes.day)}/${dos(partes.month)} ${dos(partes.hour)}:${dos(partes.minute)}`;
}
