import { fechaHoraPlanta } from '@planta/domain';
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

export function textoAlarma(alarma: AlarmaTexto, decimales: number, timeZone: string) {
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
  const mensaje = `${alarma.origen}: ${valor} (límite ${limite}), día de producción ${dia}.`;
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
          `${alarma.origen}: ${valor}`,
          `Límite: ${limite}`,
          `Día de producción: ${dia} (detectada el ${hora})`,
          '',
          `Ver en Planta: ${url}`,
          '',
          'Puede reconocerla con un comentario desde la campana de notificaciones.',
        ].join('\n'),
        html: [
          `<p>Alarma <strong>${escapar(severidad.toLowerCase())}</strong> de la regla «${escapar(alarma.reglaNombre)}».</p>`,
          '<table>',
          `<tr><td>${escapar(alarma.origen)}</td><td><strong>${escapar(valor)}</strong></td></tr>`,
          `<tr><td>Límite</td><td>${escapar(limite)}</td></tr>`,
          `<tr><td>Día de producción</td><td>${dia} (detectada el ${escapar(hora)})</td></tr>`,
          '</table>',
          `<p><a href="${escapar(url)}">Ver en Planta</a></p>`,
        ].join('\n'),
      };
    },
  };
}
