import { diasEntre, formatFecha, formatNumber, formatPercent } from '@planta/charts';
import { horaPlanta, productionDayRange } from '@planta/domain';
import { badInput } from '../../errors.ts';
import { type DefinicionInforme, fechaParametro, periodoDia, periodoRango } from './definicion.ts';
import type { Seccion } from './informe.ts';

/** The screen offers ranges up to 30 days (and the leak figures cover at most 31). */
const MAX_DIAS = 30;

/**
 * /mantenimiento/utilidades: over the production days `desde`…`hasta` (else the day `fecha`), each
 * utility per unit produced against its meta with month and year to date, the compressed-air leaks
 * of the plant and each metered line, the chosen utility (`variable`: its key or name, else the
 * first) day by day, and the air flow of lines 1 and 2 by interval (5 min for a day, else 1 hour).
 */
export const informeUtilidades: DefinicionInforme = async ({ hoy, plantTz, parametros, servicios }) => {
  const fecha = fechaParametro(parametros.fecha, 'fecha', hoy);
  const desdeParam = fechaParametro(parametros.desde, 'desde', hoy);
  const hastaParam = fechaParametro(parametros.hasta, 'hasta', hoy);
  const hasta = hastaParam ?? fecha ?? hoy;
  const desde = desdeParam && desdeParam <= hasta ? desdeParam : hasta;
  const dias = diasEntre(desde, hasta).length;
  if (dias > MAX_DIAS) {
    throw badInput(`El rango de "desde" a "hasta" puede abarcar hasta ${MAX_DIAS} días`, 'desde');
  }
  const intervalo = dias <= 1 ? { valor: '5m', etiqueta: '5 min' } : { valor: '1 hora', etiqueta: '1 hora' };
  const inicio = productionDayRange(desde, plantTz).start;
  const fin = productionDayRange(hasta, plantTz).end;
  const periodo = dias === 1 ? 'Día' : 'Rango';
  return {
    periodo: dias === 1 ? periodoDia(hasta) : periodoRango(desde, hasta),
    archivo: dias === 1 ? `utilidades_${hasta}` : `utilidades_${desde}_${hasta}`,
    parametros: { desde, hasta },
    async secciones() {
      const c = await servicios.utilidades.consumos(desde, hasta);
      const fugas = await servicios.utilidades.fugas(inicio, fin);
      const flujo = (await servicios.utilidades.flujoAire(inicio, fin, intervalo.valor)).map((p) => ({
        ...p,
        fecha: new Date(p.fecha).toISOString(),
      }));
      const secciones: Seccion[] = [
        {
          tipo: 'tabla',
          titulo: 'Consumo por unidad producida',
          nota: `Producción ${formatNumber(c.produccion_cu)} CU · ${formatNumber(c.litros)} L · ${formatNumber(c.botellas)} botellas. Cada cifra es la razón de las sumas del periodo; menor es mejor.`,
          columnas: [
            { titulo: 'Indicador', ancho: 2.2 },
            { titulo: 'Unidad', ancho: 1.3, alinear: 'left' },
            { titulo: periodo },
            { titulo: 'Meta' },
            { titulo: 'Mes' },
            { titulo: 'Año' },
          ],
          filas: c.indicadores.map((i) => [
            i.nombre,
            i.unidad,
            formatNumber(i.valor, i.decimales),
            formatNumber(i.meta, i.decimales),
            formatNumber(i.mensual, i.decimales),
            formatNumber(i.anual, i.decimales),
          ]),
        },
      ];
      const sel =
        c.indicadores.find((i) => i.clave === parametros.variable || i.nombre === parametros.variable) ??
        c.indicadores[0];
      const iSel = sel ? c.indicadores.indexOf(sel) : -1;
      if (sel) {
        secciones.push({
          tipo: 'grafico',
          titulo: `${sel.nombre} (${sel.unidad})`,
          subtitulo:
            dias === 1
              ? `Día ${formatFecha(hasta)}`
              : `Por día, ${formatFecha(desde)} – ${formatFecha(hasta)} · rango completo ${formatNumber(sel.valor, sel.decimales)}`,
          grafico: {
            tipo: 'consumo-utilidades',
            entrada: {
              dias: c.dias.map((d) => ({ fecha: d.fecha, valor: d.valores[iSel] ?? null })),
              unidad: sel.unidad,
              decimales: sel.decimales,
              meta: sel.meta,
              rango: sel.valor,
            },
          },
          alto: 280,
        });
      }
      const alcances = [
        { nombre: 'Planta', ...fugas },
        ...fugas.lineas.map((l) => ({ nombre: `Línea ${l.linea}`, ...l })),
      ];
      secciones.push({
        tipo: 'tabla',
        titulo: 'Fugas de aire comprimido',
        nota: 'Fugas = flujo medio sin producción ÷ flujo medio. Planta: suma de los medidores, sin ninguna línea produciendo.',
        columnas: [
          { titulo: 'Alcance', ancho: 1.2 },
          { titulo: 'Fugas' },
          { titulo: 'Meta' },
          { titulo: 'Flujo medio (Nm³/h)', ancho: 1.3 },
          { titulo: 'Flujo sin producción (Nm³/h)', ancho: 1.5 },
          { titulo: 'Minutos sin producción', ancho: 1.5 },
        ],
        filas: alcances.map((a) => [
          a.nombre,
          formatPercent(a.fugas_pct, 1),
          formatPercent(a.meta, 1),
          formatNumber(a.flujo_medio, 1),
          formatNumber(a.flujo_sin_produccion, 1),
          a.minutos === 0
            ? 'Sin lecturas'
            : `${formatNumber(a.minutos_sin_produccion)} de ${formatNumber(a.minutos)}`,
        ]),
      });
      const ociosos = fugas.lineas.map((l) => l.flujo_sin_produccion).filter((v): v is number => v !== null);
      secciones.push({
        tipo: 'grafico',
        titulo: 'Aire comprimido por línea (Nm³/h)',
        subtitulo: `Media por intervalo de ${intervalo.etiqueta} · ${dias === 1 ? formatFecha(hasta) : `${formatFecha(desde)} – ${formatFecha(hasta)}`}`,
        grafico: {
          tipo: 'flujo-aire',
          entrada: {
            puntos: flujo,
            etiquetas: flujo.map((p) => horaPlanta(p.fecha, plantTz, dias > 1)),
            flujoSinProduccion: ociosos.length === 0 ? null : ociosos.reduce((a, b) => a + b, 0),
          },
        },
        alto: 300,
      });
      return secciones;
    },
  };
};
