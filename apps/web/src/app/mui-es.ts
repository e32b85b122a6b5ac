import type { ThemeOptions } from '@mui/material/styles';

/**
 * MUI's Spanish texts (those of `@mui/material/locale`'s `esES` for the components Planta uses:
 * not Pagination nor Rating), written here because that module builds its `Intl.NumberFormat` as
 * it is imported: the page's
 * first formatter, which loads ICU's data, ran in the start-up task of every cold screen (37–60 ms
 * of its 180 ms on a 2-core machine, before the screen's chunks were asked for). Here the pages'
 * numbers are formatted when a table's pagination first shows them, and `main.tsx` warms ICU
 * while the screen's chunks are on their way.
 */
let numero: Intl.NumberFormat | undefined;
const formatoNumero = (n: number) => (numero ??= new Intl.NumberFormat('es-ES')).format(n);

const irA = (type: string) =>
  type === 'first'
    ? 'Ir a la primera página'
    : type === 'last'
      ? 'Ir a la última página'
      : type === 'next'
        ? 'Ir a la página siguiente'
        : 'Ir a la página anterior';

export const componentesEnEspanol = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: 'Mostrar ruta' } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: irA,
        labelRowsPerPage: 'Filas por página:',
        labelDisplayedRows: ({ from, to, count }) =>
          `${formatoNumero(from)}–${formatoNumero(to)} de ${count !== -1 ? formatoNumero(count) : `más de ${formatoNumero(to)}`}`,
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Limpiar',
        closeText: 'Cerrar',
        loadingText: 'Cargando…',
        noOptionsText: 'Sin opciones',
        openText: 'Abierto',
      },
    },
    MuiAlert: { defaultProps: { closeText: 'Cerrar' } },
  },
} satisfies ThemeOptions;
