import {
  formatNumber,
  formatoEnCurso,
  formatosDe,
  formatPercent,
  horasDelDia,
  HOUR_LABELS,
  type LecturaHora,
  nominalPonderada,
  porcentajeNominal,
  presentacionTexto,
  type PresentacionBasica,
} from '@planta/charts';
import { minutesToHHMM, productionDayRange } from '@planta/domain';
import { type DefinicionInforme, fechaParametro, periodoDia } from './definicion.ts';
import type { Seccion } from './informe.ts';

/** The points of the hourly readings the screen asks for (one per hour of the day). */
const PUNTOS_HORA = 25;

const bpm = (v: number | null | undefined) => (v == null ? '—' : `${formatNumber(v)} bpm`);

type Presentacion = PresentacionBasica & {
  producto: { descripcion: string };
  presentacion: { volumen: number; unid_medida: string };
};

/**
 * /fabrica/lineas (Lineas): for the production day `fecha`, each line's last product of the day,
 * its mean running speed against the day's nominal (weighted by the time each product ran), its
 * activity time and its counters (bottles, filled bottles, packs, finished product) as the cards
 * show them, and the speed of each hour against the nominal (as a table: the cards' chart has not
 * moved to @planta/charts yet). Same services as the screen's queries (lineas, scadaLinea,
 * scadaHistorico, tiempoActividad, productoPresentacion). Live values are not part of a report.
 */
export const informeLineas: DefinicionInforme = async ({ hoy, plantTz, parametros, servicios }) => {
  const fecha = fechaParametro(parametros.fecha, 'fecha', hoy) ?? hoy;
  return {
    periodo: periodoDia(fecha),
    archivo: `lineas_${fecha}`,
    parametros: { desde: fecha, hasta: fecha, fecha },
    async secciones() {
      const { start, end } = productionDayRange(fecha, plantTz);
      const lineas = await servicios.lineas.lineas();
      if (lineas.length === 0) {
        return [{ tipo: 'texto', texto: 'No hay líneas de producción.' }];
      }
      const datos: {
        linea: (typeof lineas)[number];
        horas: ReturnType<typeof horasDelDia>;
        totales: Awaited<ReturnType<typeof servicios.produccion.scadaHistorico>>[number] | null;
        minutos: number;
        nominal: number | null;
        formato: number;
        producto: Presentacion | null;
      }[] = [];
      for (const l of lineas) {
        const [scada, historico, minutos] = await Promise.all([
          servicios.produccion.scadaLinea(l.numero, start, end, PUNTOS_HORA),
          servicios.produccion.scadaHistorico(l.numero, fecha, fecha),
          servicios.produccion.tiempoActividad(l.numero, fecha),
        ]);
        const lecturas: LecturaHora[] = scada.lecturas.map((r) => ({
          fecha: new Date(r.fecha).toISOString(),
          velocidad: r.velocidad,
          botellas: r.botellas,
          botellas_llenas: r.botellas_llenas,
          paquetes: r.paquetes,
          formato: r.formato,
        }));
        const presentaciones = new Map<number, Presentacion | null>();
        for (const formato of formatosDe(lecturas, undefined)) {
          const p = await servicios.produccion.productoPresentacion(formato, l.numero);
          const vpm = p?.velocidad_nominal?.velocidad_botellas_minuto ?? null;
          presentaciones.set(
            formato,
            p && { ...p, velocidad_nominal: vpm === null ? null : { velocidad_botellas_minuto: vpm } },
          );
        }
        const horas = horasDelDia(lecturas, plantTz, presentaciones);
        const { formato } = formatoEnCurso(horas, null);
        datos.push({
          linea: l,
          horas,
          totales: historico[0] ?? null,
          minutos,
          nominal: nominalPonderada(horas),
          formato,
          producto: formato === 0 ? null : (presentaciones.get(formato) ?? null),
        });
      }
      const num = (v: number | null | undefined) => formatNumber(v ?? null);
      const secciones: Seccion[] = [
        {
          tipo: 'tabla',
          titulo: 'Producto y velocidad',
          nota: 'Velocidad media en marcha frente a la nominal del día: nominales de los productos del día, ponderadas por el tiempo que corrió cada uno.',
          columnas: [
            { titulo: 'Línea', ancho: 0.9 },
            { titulo: 'Último producto del día', ancho: 2.2, alinear: 'left' },
            { titulo: 'Velocidad media en marcha' },
            { titulo: 'Nominal del día' },
            { titulo: '% de la nominal', ancho: 0.8 },
          ],
          filas: datos.map((d) => {
            const real = d.totales?.velocidad_media ?? null;
            return [
              d.linea.nombre,
              d.producto
                ? `${d.producto.producto.descripcion} · ${presentacionTexto(d.producto.presentacion, d.producto.num_botellas)} · HMI ${d.formato}`
                : d.formato === 0
                  ? 'Sin producto'
                  : `HMI ${d.formato} (no está en el catálogo)`,
              bpm(real),
              d.nominal === null ? 'Sin velocidad nominal' : bpm(d.nominal),
              formatPercent(porcentajeNominal(real, d.nominal)),
            ];
          }),
        },
        {
          tipo: 'tabla',
          titulo: 'Contadores del día',
          columnas: [
            { titulo: 'Línea', ancho: 0.9 },
            { titulo: 'Tiempo de actividad' },
            { titulo: 'Botellas' },
            { titulo: 'Botellas llenas' },
            { titulo: 'Paquetes' },
            { titulo: 'Producto terminado' },
          ],
          filas: datos.map((d) => [
            d.linea.nombre,
            minutesToHHMM(d.minutos),
            num(d.totales?.botellas),
            num(d.totales?.botellas_llenas),
            num(d.totales?.paquetes),
            num(d.totales?.producto_terminado),
          ]),
        },
        {
          tipo: 'tabla',
          titulo: 'Velocidad por hora (bpm) · de 08:00 a 07:59',
          nota: 'Velocidad media de cada hora (paradas incluidas) y la nominal del producto de esa hora; — sin lecturas.',
          columnas: [
            { titulo: 'Hora', ancho: 0.7 },
            ...datos.flatMap((d) => [{ titulo: `${d.linea.nombre}` }, { titulo: 'Nominal' }]),
          ],
          filas: HOUR_LABELS.map((etiqueta, i) => [
            etiqueta,
            ...datos.flatMap((d) => {
              const h = d.horas[i];
              return [num(h?.lectura?.velocidad), num(h?.nominal)];
            }),
          ]),
        },
      ];
      return secciones;
    },
  };
};
