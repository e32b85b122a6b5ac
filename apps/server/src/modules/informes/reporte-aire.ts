import {
  encabezado,
  ETIQUETA_RESUMEN,
  etiquetaEje,
  etiquetaFila,
  formatNumber,
  nombreCorto,
  type Reporte,
  resumenes,
} from '@planta/charts';
import { etiquetaIntervalo, instantesDe, leerFiltros } from '@planta/charts/reporte-aire/rango-reporte';
import { type DefinicionInforme, periodoRango } from './definicion.ts';
import type { Seccion } from './informe.ts';

/** Rows of a report table printed in the PDF; the whole table is in the Excel export. */
export const MAX_FILAS_PDF = 150;

/** The note under a table cut to its first MAX_FILAS_PDF rows. */
export const notaRecorte = (total: number, mostradas: number) =>
  `Se muestran las primeras ${formatNumber(mostradas)} de ${formatNumber(total)} filas; la tabla completa está en la exportación a Excel de la pantalla.`;

/**
 * /reportes/aire: the compressed-air meters over the URL's range and interval (desde, hasta,
 * intervalo, read and defaulted as the screen does: the last 7 days, the interval by span), the
 * screen's chart and the table (its first MAX_FILAS_PDF rows) with the range's summary row.
 */
export const informeReporteAire: DefinicionInforme = async ({ hoy, plantTz, parametros, servicios }) => {
  const primerDia = (await servicios.primerDia()) ?? '2000-01-01';
  const filtros = leerFiltros(
    {
      desde: parametros.desde ?? null,
      hasta: parametros.hasta ?? null,
      intervalo: parametros.intervalo ?? null,
    },
    hoy,
    primerDia < hoy ? primerDia : hoy,
  );
  const { desde, hasta, intervalo } = filtros;
  const { inicio, fin } = instantesDe(desde, hasta, plantTz);
  const periodo = `${periodoRango(desde, hasta)} · intervalo: ${etiquetaIntervalo(intervalo).toLowerCase()}`;
  return {
    periodo,
    archivo: `reporte-aire_${desde}_${hasta}_${intervalo}`,
    parametros: { desde, hasta, intervalo },
    async secciones() {
      const crudo = await servicios.utilidades.reporte('aire', new Date(inicio), new Date(fin), intervalo);
      const reporte: Reporte = {
        intervalo_minutos: crudo.intervalo_minutos,
        columnas: crudo.columnas,
        filas: crudo.filas.map((f) => ({ fecha: new Date(f.fecha).toISOString(), valores: f.valores })),
      };
      return seccionesReporte(reporte, 'Aire comprimido', periodo, filtros.dias > 1, plantTz);
    },
  };
};

/** The chart and the (bounded) table of an air/water report, as the screen shows them. */
export function seccionesReporte(
  reporte: Reporte,
  titulo: string,
  periodo: string,
  variosDias: boolean,
  plantTz: string,
): Seccion[] {
  const min = reporte.intervalo_minutos;
  const titulos = reporte.filas.map((f) => etiquetaFila(f.fecha, min, plantTz));
  const etiquetas = reporte.filas.map((f) => etiquetaEje(f.fecha, min, plantTz, variosDias));
  const totales = resumenes(reporte);
  const mostradas = reporte.filas.slice(0, MAX_FILAS_PDF);
  const ancho = reporte.columnas.length > 6 ? 0.8 : 1;
  return [
    {
      tipo: 'grafico',
      titulo,
      subtitulo: periodo,
      grafico: { tipo: 'reporte', entrada: { reporte, etiquetas, titulos } },
      alto: 300,
    },
    {
      tipo: 'tabla',
      titulo: `${titulo}: tabla`,
      nota: [
        `Rango completo: ${reporte.columnas.map((c) => `${nombreCorto(c)}, ${ETIQUETA_RESUMEN[c.agregacion].toLowerCase()}`).join('; ')}.`,
        reporte.filas.length > MAX_FILAS_PDF ? notaRecorte(reporte.filas.length, MAX_FILAS_PDF) : '',
      ]
        .join(' ')
        .trim(),
      columnas: [
        { titulo: 'Periodo', ancho: 1.3 },
        ...reporte.columnas.map((c) => ({ titulo: encabezado(c), ancho })),
      ],
      filas: [
        ...mostradas.map((f, i) => [
          titulos[i]!,
          ...reporte.columnas.map((c, j) => formatNumber(f.valores[j] ?? null, c.decimales)),
        ]),
        ['Rango completo', ...reporte.columnas.map((c, j) => formatNumber(totales[j] ?? null, c.decimales))],
      ],
    },
  ];
}
