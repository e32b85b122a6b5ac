import { fechaHoraPlanta, horaPlanta } from '@planta/domain';
import { formatFecha } from '@planta/charts';

/** The Spanish texts of an alarm: the bell's title and message, and the e-mail. */

export const SEVERIDAD_NOMBRE: Record<string, string> = {
  INFO: 'Información',
  AVISO: 'Aviso',
  CRITICA: 'Crítica',
};

interface AlarmaTexto {
  reglaNombre: string;
  severidad: string;
  origen: string;
  unidad: string | null;
  fecha: string;
  inicio: Date;
  valor: number;
  limite: number;
  enlace: string;
}

const escapar = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A line's name in the texts ("Línea 2"). */
export const nombreLinea = (linea: { lineaNombre: string | null; lineaNumero: number | null }) =>
  linea.lineaNombre ?? `Línea ${linea.lineaNumero ?? '?'}`;

/** "Línea 2: paro sin motivo desde las 10:42 (25 min)" (with the day when it began on another one). */
export function detalleParoSinMotivo(
  linea: string,
  inicio: Date,
  ahora: Date,
  minutos: number,
  timeZone: string,
) {
  const mismoDia =
    horaPlanta(inicio, timeZone, true).slice(0, 5) === horaPlanta(ahora, timeZone, true).slice(0, 5);
  const desde = mismoDia ? `las ${horaPlanta(inicio, timeZone)}` : `el ${horaPlanta(inicio, timeZone, true)}`;
  return `${linea}: paro sin motivo desde ${desde} (${minutos} min)`;
}

/** "Línea 3: 7 microparos en la última hora (máximo 5)". */
export const detalleMicroparos = (linea: string, cuenta: number, maximo: number) =>
  `${linea}: ${cuenta} ${cuenta === 1 ? 'microparo' : 'microparos'} en la última hora (máximo ${maximo})`;

/**
 * `detalle`: the sentence that says what happened, instead of "value (límite …)" (the rules on
 * stops, whose value is a count or minutes).
 */
export function textoAlarma(alarma: AlarmaTexto, decimales: number, timeZone: string, detalle?: string) {
  const numero = new Intl.NumberFormat('es-PE', {
    maximumFractionDigits: Math.max(0, Math.min(6, decimales)),
  });
  const unidad = alarma.unidad ? ` ${alarma.unidad}` : '';
  const valor = `${numero.format(alarma.valor)}${unidad}`;
  const limite = `${numero.format(alarma.limite)}${unidad}`;
  const dia = formatFecha(alarma.fecha);
  const hora = fechaHoraPlanta(alarma.inicio, timeZone);
  const severidad = SEVERIDAD_NOMBRE[alarma.severidad] ?? alarma.severidad;
  const titulo = `${severidad}: ${alarma.reglaNombre}`;
  const mensaje = detalle
    ? `${detalle}.`
    : `${alarma.origen}: ${valor} (límite ${limite}), día de producción ${dia}.`;
  return {
    titulo,
    mensaje,
    correo(publicUrl: string) {
      const url = `${publicUrl.replace(/\/+$/, '')}${alarma.enlace}`;
      return {
        asunto: `[Planta] ${titulo} — ${alarma.origen}`,
        texto: [
          `Alarma ${severidad.toLowerCase()} de la regla «${alarma.reglaNombre}».`,
          '',
          ...(detalle ? [`${detalle}.`] : [`${alarma.origen}: ${valor}`, `Límite: ${limite}`]),
          `Día de producción: ${dia} (detectada el ${hora})`,
          '',
          `Ver en Planta: ${url}`,
          '',
          'Puede reconocerla con un comentario desde la campana de notificaciones.',
        ].join('\n'),
        html: [
          `<p>Alarma <strong>${escapar(severidad.toLowerCase())}</strong> de la regla «${escapar(alarma.reglaNombre)}».</p>`,
          ...(detalle ? [`<p><strong>${escapar(detalle)}</strong>.</p>`] : []),
          '<table>',
          ...(detalle
            ? []
            : [
                `<tr><td>${escapar(alarma.origen)}</td><td><strong>${escapar(valor)}</strong></td></tr>`,
                `<tr><td>Límite</td><td>${escapar(limite)}</td></tr>`,
              ]),
          `<tr><td>Día de producción</td><td>${dia} (detectada el ${escapar(hora)})</td></tr>`,
          '</table>',
          `<p><a href="${escapar(url)}">Ver en Planta</a></p>`,
        ].join('\n'),
      };
    },
  };
}
