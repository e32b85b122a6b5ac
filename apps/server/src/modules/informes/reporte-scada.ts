import { formatNumber } from '@planta/charts';
import { fechaCorta, fechaHora, horaCorta } from '@planta/charts/reporte-contadores/etiquetas';
import { INTERVALOS, instantes, leerFiltros } from '@planta/charts/reporte-scada/filtros';
import type { DefinicionInforme } from './definicion.ts';
import type { Seccion } from './informe.ts';
import { MAX_FILAS_PDF, notaRecorte } from './reporte-aire.ts';

const AGREGACION: Record<string, string> = { SUMA: 'suma', PROMEDIO: 'promedio', ULTIMO: 'último' };

/**
 * /reportes/scada: the picked variables (`variables`, their ids as the screen keeps them in its
 * URL) over the range and interval (desde, hasta, intervalo — read as the screen reads them:
 * today, hourly by default, the interval raised to fit the cell cap), the screen's chart and the
 * table (first MAX_FILAS_PDF rows) with the range's summary.
 */
export const informeReporteScada: DefinicionInforme = async ({
  viewer,
  hoy,
  plantTz,
  parametros,
  servicios,
}) => {
  const url = new URLSearchParams();
  for (const clave of ['desde', 'hasta', 'intervalo', 'variables'] as const) {
    const v = parametros[clave];
    if (v) url.set(clave, v);
  }
  const filtros = leerFiltros(url, hoy);
  const { desde, hasta, intervalo, variables } = filtros;
  const etiquetaIntervalo = INTERVALOS.find((i) => i.valor === intervalo)!.etiqueta;
  const textoRango = desde === hasta ? fechaCorta(desde) : `${fechaCorta(desde)} – ${fechaCorta(hasta)}`;
  const rango = instantes(desde, hasta, plantTz, hasta >= hoy ? Date.now() : Number.POSITIVE_INFINITY);
  // Checks the variables now (they exist, are OPC-fed and readable by the viewer; the cell cap).
  const datos =
    variables.length === 0
      ? null
      : await servicios.reportes.reporteScada(viewer, {
          variables,
          desde: new Date(rango.inicio),
          hasta: new Date(rango.fin),
          intervalo,
        });
  return {
    periodo: `${desde === hasta ? `Día de producción ${textoRango}` : `Del ${fechaCorta(desde)} al ${fechaCorta(hasta)}`} · intervalo: ${etiquetaIntervalo}`,
    archivo: `reporte-scada_${desde}_${hasta}_${intervalo.toLowerCase()}`,
    parametros: { desde, hasta, intervalo, variables },
    async secciones() {
      if (!datos) {
        return [
          {
            tipo: 'texto',
            texto:
              'No hay variables elegidas: elija una o más variables en la pantalla «Reporte de Variables SCADA» y vuelva a generar el reporte.',
          },
        ] satisfies Seccion[];
      }
      const unDia = desde === hasta;
      const etiquetas = datos.filas.map((f) =>
        datos.intervalo === 'DIA'
          ? horaCorta(f.inicio, plantTz, true).slice(0, 5)
          : horaCorta(f.inicio, plantTz, !unDia),
      );
      const etiquetaFila = (inicio: string) =>
        datos.intervalo === 'DIA' ? fechaHora(inicio, plantTz).slice(0, 10) : fechaHora(inicio, plantTz);
      const hayLecturas = datos.filas.some((f) => f.valores.some((v) => v !== null));
      const ancho = datos.columnas.length > 5 ? 0.8 : 1;
      const valor = (v: number | null | undefined, decimales: number) =>
        v == null ? '—' : formatNumber(v, decimales);
      return [
        {
          tipo: 'grafico',
          titulo: `Lecturas por intervalo de ${etiquetaIntervalo}`,
          subtitulo: `${textoRango} · cada variable con su agregación`,
          grafico: {
            tipo: 'scada',
            entrada: {
              columnas: datos.columnas.map((c) => ({
                nombre: c.nombre,
                unidad: c.unidad,
                decimales: c.decimales,
              })),
              filas: datos.filas,
              etiquetas,
            },
          },
          alto: 320,
        },
        {
          tipo: 'tabla',
          titulo: 'Lecturas',
          nota: [
            hayLecturas ? '' : `No hay lecturas de las variables elegidas en el rango ${textoRango}.`,
            `Rango completo: ${datos.columnas.map((c) => `${c.nombre}, ${AGREGACION[c.agregacion] ?? c.agregacion}`).join('; ')}.`,
            datos.filas.length > MAX_FILAS_PDF ? notaRecorte(datos.filas.length, MAX_FILAS_PDF) : '',
          ]
            .filter(Boolean)
            .join(' '),
          columnas: [
            { titulo: 'Fecha y hora', ancho: 1.3 },
            ...datos.columnas.map((c) => ({
              titulo:
                c.unidad && !c.nombre.includes(`(${c.unidad})`) ? `${c.nombre} (${c.unidad})` : c.nombre,
              ancho,
            })),
          ],
          filas: [
            ...datos.filas
              .slice(0, MAX_FILAS_PDF)
              .map((f) => [
                etiquetaFila(f.inicio),
                ...datos.columnas.map((c, k) => valor(f.valores[k], c.decimales)),
              ]),
            ['Rango completo', ...datos.columnas.map((c, k) => valor(datos.resumen[k], c.decimales))],
          ],
        },
      ] satisfies Seccion[];
    },
  };
};
