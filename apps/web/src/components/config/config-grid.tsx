import { Alert, Paper, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { DataGrid, type DataGridProps, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { esES as gridEsES } from '@mui/x-data-grid/locales';
import { Encabezado } from './encabezado.tsx';

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

/**
 * The configuration screens' list: MUI X DataGrid with its Spanish texts, paged by 25, toolbar
 * (filter, columns, export), no row selection, growing with its rows; the columns named in
 * `hiddenOnPhone` hidden below 600 px so the screen never scrolls sideways at 360 px.
 */
export function ConfigGrid<R extends GridValidRowModel>({
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
  const hidden = Object.fromEntries(hiddenOnPhone.map((field) => [field, false]));
  return (
    <>
      {error && <Alert severity="error">{error}</Alert>}
      <Paper sx={{ width: '100%', minWidth: 0 }}>
        <DataGrid<R>
          // Spanish texts of the grid here, not in the theme: the grid's locale stays out of the shell.
          localeText={sinFilas ? { ...localeText, noRowsLabel: sinFilas } : localeText}
          aria-label={label}
          rows={rows ?? []}
          columns={columns}
          loading={loading}
          columnVisibilityModel={narrow ? hidden : {}}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } }, ...initialState }}
          pageSizeOptions={[10, 25, 50, 100]}
          showToolbar
          disableRowSelectionOnClick
          autoHeight
          getRowHeight={altoAuto ? () => 'auto' : undefined}
          getRowClassName={atenuada ? ({ row }) => (atenuada(row) ? 'fila-atenuada' : '') : undefined}
          sx={{
            border: 0,
            '& .fila-atenuada': { opacity: 0.6 },
            ...(altoAuto && {
              '& .MuiDataGrid-cell': { minHeight: 52, display: 'flex', alignItems: 'center' },
            }),
          }}
          {...rest}
        />
      </Paper>
    </>
  );
}

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
