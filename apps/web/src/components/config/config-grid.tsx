import { Alert, LinearProgress, Paper, useMediaQuery } from '@mui/material';
import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { DataGrid, type DataGridProps, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { esES as gridEsES } from '@mui/x-data-grid/locales';
import { Encabezado } from './encabezado.tsx';
import { SLOTS_DE_GRID } from '../table/grid-carga.tsx';

export interface ConfigGridProps<R extends GridValidRowModel> extends Omit<
  DataGridProps<R>,
  'rows' | 'columns' | 'loading' | 'sx'
> {
  rows: readonly R[] | undefined;
  columns: readonly GridColDef<R>[];
  loading: boolean;
  /** Shown above the grid when the list could not load (SPEC §8 texts where SPEC has one). */
  error?: string | null;
  /** Columns hidden on a phone (below the sm breakpoint) so the grid fits 360 px. */
  hiddenOnPhone?: readonly string[];
  /** Accessible name of the grid (what it lists). */
  label: string;
  /** What an empty grid says ('No hay correos'); the grid's own text otherwise. */
  sinFilas?: string;
  /** Rows as tall as their cells (cells of several lines, long texts wrapped). */
  altoAuto?: boolean;
  /** Rows shown faded: an inactive or deleted record. */
  atenuada?: (row: R) => boolean;
}

const localeText = gridEsES.components.MuiDataGrid.defaultProps.localeText;
/** Every column shown (wide screens): one object, so the grid sees the same model every render. */
const TODAS_VISIBLES = {};
const alturaAuto = () => 'auto' as const;
const NINGUNA_FILA: readonly never[] = [];
const TAMANOS_DE_PAGINA = [10, 25, 50, 100];
/** The height of an empty grid (toolbar, header, its message, footer; measured): held until it mounts. */
const ALTO_VACIO = 265;
const estiloGrid = { border: 0, '& .fila-atenuada': { opacity: 0.6 } };
const estiloGridAltoAuto = {
  ...estiloGrid,
  '& .MuiDataGrid-cell': { minHeight: 52, display: 'flex', alignItems: 'center' },
};

/**
 * The configuration screens' list: MUI X DataGrid with its Spanish texts, paged by 25, toolbar
 * (filter, columns, export), no row selection, growing with its rows; the columns named in
 * `hiddenOnPhone` hidden below 600 px so the screen never scrolls sideways at 360 px.
 */
export function ConfigGrid<R extends GridValidRowModel>(props: ConfigGridProps<R>) {
  // The grid mounts once its first rows are in, and renders in a transition, in slices, after the
  // page around it: mounted empty and then filled, and inside the page's own update (a query's
  // answer is a synchronous one), it blocked input for 150–300 ms at a time (issue 34 item 3).
  // Until then it is the previous props (DataGrid is memoized: nothing rendered again) or, at
  // first, a loading bar in a box as tall as an empty grid (nothing moves when an empty list comes).
  const diferidas = useDeferredValue<ConfigGridProps<R> | null>(props, null);
  if (!diferidas || (diferidas.loading && !diferidas.rows))
    return (
      <Paper sx={{ width: '100%', minWidth: 0, height: ALTO_VACIO }}>
        <LinearProgress aria-label={`Cargando: ${props.label}`} />
      </Paper>
    );
  return <ConfigGridAhora<R> {...diferidas} />;
}

function ConfigGridAhoraSinMemo<R extends GridValidRowModel>({
  rows,
  columns,
  loading,
  error,
  hiddenOnPhone = [],
  label,
  initialState,
  sinFilas,
  altoAuto = false,
  atenuada,
  ...rest
}: ConfigGridProps<R>) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  // The grid takes a new object in these props for a new model: a column visibility model, texts
  // or row-height function built again on every render made it update its state and measure its
  // rows again on each of the page's renders (callers write hiddenOnPhone as an array literal).
  const ocultas = hiddenOnPhone.join(',');
  const hidden = useMemo(
    () =>
      Object.fromEntries(
        ocultas
          .split(',')
          .filter(Boolean)
          .map((field) => [field, false]),
      ),
    [ocultas],
  );
  const textos = useMemo(
    () => (sinFilas ? { ...localeText, noRowsLabel: sinFilas } : localeText),
    [sinFilas],
  );
  const claseDeFila = useCallback<NonNullable<DataGridProps<R>['getRowClassName']>>(
    ({ row }) => (atenuada?.(row) ? 'fila-atenuada' : ''),
    [atenuada],
  );
  return (
    <>
      {error && <Alert severity="error">{error}</Alert>}
      <Paper sx={{ width: '100%', minWidth: 0 }} aria-busy={loading}>
        <DataGrid<R>
          // Spanish texts of the grid here, not in the theme: the grid's locale stays out of the shell.
          localeText={textos}
          aria-label={label}
          rows={rows ?? NINGUNA_FILA}
          columns={columns}
          loading={loading}
          slots={SLOTS_DE_GRID}
          columnVisibilityModel={narrow ? hidden : TODAS_VISIBLES}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } }, ...initialState }}
          pageSizeOptions={TAMANOS_DE_PAGINA}
          showToolbar
          disableRowSelectionOnClick
          autoHeight
          getRowHeight={altoAuto ? alturaAuto : undefined}
          getRowClassName={atenuada ? claseDeFila : undefined}
          sx={altoAuto ? estiloGridAltoAuto : estiloGrid}
          {...rest}
        />
      </Paper>
    </>
  );
}

/** The grid itself, rendered again only when the deferred props change (the same object: skipped). */
const ConfigGridAhora = memo(ConfigGridAhoraSinMemo) as typeof ConfigGridAhoraSinMemo;

/** A configuration table with its heading and "Nuevo …" button above (the grid named by the heading). */
export function TablaConfig<R extends GridValidRowModel>({
  titulo,
  nuevo,
  onNuevo,
  ...grid
}: Omit<ConfigGridProps<R>, 'label'> & { titulo: string; nuevo: string; onNuevo: () => void }) {
  return (
    <>
      <Encabezado titulo={titulo} nuevo={nuevo} onNuevo={onNuevo} />
      <ConfigGrid<R> label={titulo} {...grid} />
    </>
  );
}
