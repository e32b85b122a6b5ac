import { CIFRAS, cifraDe, formatNumber } from '@planta/charts';
import { etiquetaEje, etiquetaPeriodo, fechaCorta } from '@planta/charts/reporte-contadores/etiquetas';
import { AGRUPACIONES, leerFiltros } from '@planta/charts/reporte-contadores/filtros';
import type { DefinicionInforme } from './definicion.ts';
import type { ColumnaTabla, Seccion } from './informe.ts';
import { MAX_FILAS_PDF, notaRecorte } from './reporte-aire.ts';

const valor = (v: number | null | undefined, decimales = 0) => (v == null ? '—' : formatNumber(v, decimales));

/**
 * /reportes/contadores: the lines' counters over the URL's range, grouping and lines (desde,
 * hasta, agrupacion, lineas — read as the screen reads them: today by hour for every line by
 * default), the screen's chart of the chosen figure (`serie`), the totals per line and the rows
 * (their first MAX_FILAS_PDF; the whole table is in the Excel export).
 */
export const informeReporteContadores: DefinicionInforme = async ({
  hoy,
  plantTz,
  parametros,
  servicios,
}) => {
  const url = new URLSearchParams();
  for (const clave of ['desde', 'hasta', 'agrupacion', 'lineas'] as const) {
    const v = parametros[clave];
    if (v) url.set(clave, v);
  }
  const filtros = leerFiltros(url, hoy);
  const { desde, hasta, agrupacion, lineas } = filtros;
  const cifra = cifraDe(parametros.serie);
  const nombreAgrupacion = AGRUPACIONES.find((a) => a.valor === agrupacion)!.etiqueta.toLowerCase();
  const textoRango = desde === hasta ? fechaCorta(desde) : `${fechaCorta(desde)} – ${fechaCorta(hasta)}`;
  // Checks the lines now: an unknown one is the mutation's error.
  const datos = await servicios.reportes.reporteContadores({
    desde,
    hasta,
    agrupacion,
    lineas: lineas.length > 0 ? lineas : null,
  });
  const quienes =
    lineas.length > 0 ? datos.totales.map((t) => t.linea_nombre).join(', ') : 'todas las líneas';
  return {
    periodo: `${desde === hasta ? `Día de producción ${textoRango}` : `Del ${fechaCorta(desde)} al ${fechaCorta(hasta)}`} · por ${nombreAgrupacion} · ${quienes}`,
    archivo: `reporte-contadores_${desde}_${hasta}_${agrupacion.toLowerCase()}`,
    parametros: { desde, hasta, agrupacion, lineas },
    async secciones() {
      const unDia = desde === hasta;
      const etiquetas: Record<string, string> = {};
      for (const f of datos.filas) etiquetas[f.inicio] = etiquetaEje(f, agrupacion, plantTz, unDia);
      const columnasCifras: ColumnaTabla[] = CIFRAS.map((c) => ({
        titulo: `${c.etiqueta} (${c.unidad})`,
        ancho: 1,
      }));
      const cifras = (f: Record<(typeof CIFRAS)[number]['clave'], number | null>) =>
        CIFRAS.map((c) => valor(f[c.clave], c.decimales));
      const mostradas = datos.filas.slice(0, MAX_FILAS_PDF);
      const secciones: Seccion[] = [
        {
          tipo: 'grafico',
          titulo: `${cifra.etiqueta} (${cifra.unidad})`,
          subtitulo: `Por ${nombreAgrupacion} y línea · ${textoRango}`,
          grafico: { tipo: 'contadores', entrada: { filas: datos.filas, cifra: cifra.clave, etiquetas } },
          alto: 300,
        },
        {
          tipo: 'tabla',
          titulo: `Totales por línea · ${textoRango}`,
          columnas: [
            { titulo: 'Línea', ancho: 1.1 },
            { titulo: 'Producto', ancho: 2, alinear: 'left' },
            ...columnasCifras,
          ],
          filas: [...datos.totales, datos.total].map((t) => [
            t.linea === null ? 'Total' : t.linea_nombre,
            t.producto ?? '—',
            ...cifras(t),
          ]),
        },
        {
          tipo: 'tabla',
          titulo: `Contadores por ${nombreAgrupacion}`,
          nota:
            datos.filas.length === 0
              ? `No hay contadores de las líneas elegidas en el rango ${textoRango}.`
              : datos.filas.length > MAX_FILAS_PDF
                ? notaRecorte(datos.filas.length, MAX_FILAS_PDF)
                : undefined,
          columnas: [
            { titulo: 'Línea', ancho: 0.8 },
            { titulo: 'Periodo', ancho: 1.7, alinear: 'left' },
            { titulo: 'Producto', ancho: 1.9, alinear: 'left' },
            ...columnasCifras,
          ],
          filas: mostradas.map((f) => [
            f.linea_nombre,
            etiquetaPeriodo(f, agrupacion, plantTz),
            f.producto ?? '—',
            ...cifras(f),
          ]),
        },
      ];
      return secciones;
    },
  };
};
