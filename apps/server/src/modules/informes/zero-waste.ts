import {
  filasDesglose,
  filasZeroWaste,
  formatNumber,
  formatPercent,
  totalProyeccion,
  ultimoMesConDatos,
} from '@planta/charts';
import { MESES, ZERO_WASTE_TARGET } from '@planta/domain';
import { badInput } from '../../errors.ts';
import type { DefinicionInforme } from './definicion.ts';
import type { Seccion } from './informe.ts';

const kg = (v: number | null) => formatNumber(v, 0);
const pct = (v: number | null) => formatPercent(v, 2);

function entero(valor: string | null | undefined, campo: string, min: number, max: number): number | null {
  if (valor == null || valor === '') return null;
  const n = /^\d{1,4}$/.test(valor) ? Number(valor) : NaN;
  if (!(n >= min && n <= max)) {
    throw badInput(`El campo "${campo}" debe ser un número entero entre ${min} y ${max}`, campo);
  }
  return n;
}

/**
 * /zero-waste: the year `anio` (default: the current one) month by month with the Acumulado and
 * Meta rows and the ZWL chart, the breakdown by classification for the year and the month `mes`
 * (default: the last month with records, as the screen), and the year's projection.
 */
export const informeZeroWaste: DefinicionInforme = async ({ hoy, parametros, servicios }) => {
  const anioActual = Number(hoy.slice(0, 4));
  const anio = entero(parametros.anio, 'anio', 2000, 2100) ?? anioActual;
  const mesPedido = entero(parametros.mes, 'mes', 1, 12);
  const mensual = await servicios.zeroWaste.mensual({ anio });
  const mes = mesPedido ?? ultimoMesConDatos(mensual) ?? (anio === anioActual ? Number(hoy.slice(5, 7)) : 1);
  const nombreMes = MESES[mes - 1]!;
  return {
    periodo: `Año ${anio} · desglose de ${nombreMes.toLowerCase()}`,
    archivo: `zero-waste_${anio}-${String(mes).padStart(2, '0')}`,
    parametros: { desde: `${anio}-01-01`, hasta: `${anio}-12-31`, anio, mes },
    async secciones() {
      const [anual, delMes, proyeccion] = await Promise.all([
        servicios.zeroWaste.desglose({ anio }),
        servicios.zeroWaste.desglose({ anio, mes }),
        servicios.zeroWaste.proyeccion({ anio }),
      ]);
      const comoTexto = (rows: typeof anual) =>
        rows.map((r) => ({ ...r, clasificacion_id: String(r.clasificacion_id) }));
      const desglose = filasDesglose(comoTexto(anual), comoTexto(delMes));
      const filas = filasZeroWaste(mensual);
      const secciones: Seccion[] = [
        {
          tipo: 'grafico',
          titulo: `ZWL mensual ${anio}`,
          subtitulo: 'Aprovechable ÷ total de residuos × 100 · el acumulado es la razón de las sumas del año',
          grafico: { tipo: 'zwl', entrada: { meses: mensual } },
          alto: 280,
        },
        {
          tipo: 'tabla',
          titulo: `Residuos por mes de ${anio}`,
          nota: `Meta: ZWL de ${pct(ZERO_WASTE_TARGET)} o más. Un mes sin registros se muestra «—».`,
          columnas: [
            { titulo: 'Mes', ancho: 1.2 },
            { titulo: 'Aprovechable (kg)' },
            { titulo: 'No aprovechable (kg)' },
            { titulo: 'Total (kg)' },
            { titulo: 'ZWL (%)' },
          ],
          filas: filas.map((f) => [
            f.etiqueta,
            kg(f.aprovechable),
            kg(f.noAprovechable),
            kg(f.total),
            pct(f.zwl) + (f.cumple === false ? ' (bajo la meta)' : ''),
          ]),
        },
      ];
      if (desglose.length > 0) {
        secciones.push({
          tipo: 'grafico',
          titulo: 'Desglose por clasificación',
          subtitulo: `Participación en el total · año ${anio} y ${nombreMes.toLowerCase()}`,
          grafico: { tipo: 'desglose-zero-waste', entrada: { filas: desglose, etiquetaMes: nombreMes } },
          alto: Math.max(220, 70 + desglose.length * 36),
        });
      }
      secciones.push({
        tipo: 'tabla',
        titulo: `Desglose por clasificación de ${anio} y de ${nombreMes.toLowerCase()}`,
        nota: desglose.length === 0 ? `Sin registros en ${anio}.` : undefined,
        columnas: [
          { titulo: 'Clasificación', ancho: 2 },
          { titulo: 'Año (kg)' },
          { titulo: 'Año (%)' },
          { titulo: `${nombreMes} (kg)` },
          { titulo: `${nombreMes} (%)` },
        ],
        filas: desglose.map((d) => [
          d.aprovechable || /no aprovechable/i.test(d.descripcion)
            ? d.descripcion
            : `${d.descripcion} (no aprovechable)`,
          kg(d.kgAnio),
          pct(d.pctAnio),
          kg(d.kgMes),
          pct(d.pctMes),
        ]),
      });
      const total = totalProyeccion(
        proyeccion.map((p) => ({
          clasificacion: { id: String(p.clasificacion.id), descripcion: p.clasificacion.descripcion },
          aprovechables: p.aprovechables,
          no_aprovechables: p.noAprovechables,
          zero_waste: p.zeroWaste,
        })),
      );
      secciones.push({
        tipo: 'tabla',
        titulo: `Proyección ${anio}`,
        nota:
          proyeccion.length === 0
            ? `Sin proyección registrada para ${anio}.`
            : 'kg proyectados por clasificación.',
        columnas: [
          { titulo: 'Clasificación', ancho: 2 },
          { titulo: 'Aprovechables (kg)' },
          { titulo: 'No aprovechables (kg)' },
          { titulo: 'Zero waste (%)' },
        ],
        filas:
          proyeccion.length === 0
            ? []
            : [
                ...proyeccion.map((p) => [
                  p.clasificacion.descripcion,
                  kg(p.aprovechables),
                  kg(p.noAprovechables),
                  pct(p.zeroWaste),
                ]),
                ['Total', kg(total.aprovechables), kg(total.noAprovechables), pct(total.zeroWaste)],
              ],
      });
      return secciones;
    },
  };
};
