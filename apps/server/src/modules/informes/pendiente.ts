import { type DefinicionInforme, fechaParametro, periodoDia, periodoRango } from './definicion.ts';

/**
 * A screen whose report is not built yet: an honest PDF with the header (title, plant, period)
 * and a sentence saying so, never an error.
 */
export function informePendiente(titulo: string, slug: string): DefinicionInforme {
  return async ({ hoy, parametros }) => {
    const fecha = fechaParametro(parametros.fecha, 'fecha', hoy);
    const desde = fechaParametro(parametros.desde, 'desde', hoy);
    const hasta = fechaParametro(parametros.hasta, 'hasta', hoy);
    const rango = desde && hasta && desde <= hasta ? { desde, hasta } : null;
    const dia = fecha ?? hoy;
    return {
      periodo: rango ? periodoRango(rango.desde, rango.hasta) : periodoDia(dia),
      archivo: rango ? `${slug}_${rango.desde}_${rango.hasta}` : `${slug}_${dia}`,
      parametros: rango ? { ...rango } : { desde: dia, hasta: dia },
      secciones: async () => [
        {
          tipo: 'texto',
          texto: `El reporte en PDF de la pantalla «${titulo}» todavía no está disponible: sus tablas y gráficos se agregarán en una próxima versión. Mientras tanto, consulte la pantalla en la aplicación.`,
        },
      ],
    };
  };
}
