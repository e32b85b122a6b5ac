import FileDownloadIcon from '@mui/icons-material/FileDownload';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  InputAdornment,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { memo, type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { NUMBER_LOCALE } from '@planta/charts/format';
import { escaparTexto } from '@planta/domain';
import { guardarBlob } from '../../lib/download.ts';
import { Paginacion } from '../table/paginacion.tsx';
import type { ColumnaConfig, FilaTabla } from './columnas.tsx';
import { Encabezado } from './encabezado.tsx';

/** A page of a table: which one (from 0) and how many rows. */
export interface PaginaConfig {
  page: number;
  pageSize: number;
}

interface Orden {
  field: string;
  sort: 'asc' | 'desc';
}

export interface ConfigGridProps<R extends FilaTabla> {
  rows: readonly R[] | undefined;
  columns: readonly ColumnaConfig<R>[];
  loading: boolean;
  /** Shown above the table when the list could not load (SPEC §8 texts where SPEC has one). */
  error?: string | null;
  /** Columns hidden on a phone (below the sm breakpoint) so the table fits 360 px. */
  hiddenOnPhone?: readonly string[];
  /** Accessible name of the table (what it lists). */
  label: string;
  /** What an empty table says ('No hay correos'); 'Sin filas' otherwise. */
  sinFilas?: string;
  /** Rows shown faded: an inactive or deleted record. */
  atenuada?: (row: R) => boolean;
  /** The row's key (its `id` otherwise). */
  getRowId?: (row: R) => string | number;
  /** The order and page size it opens with. */
  initialState?: { sorting?: { sortModel: Orden[] }; pagination?: { paginationModel: { pageSize: number } } };
  /** 'server': `rows` is the page the server gave, `rowCount` the rows in all. */
  paginationMode?: 'client' | 'server';
  rowCount?: number;
  paginationModel?: PaginaConfig;
  onPaginationModelChange?: (pagina: PaginaConfig) => void;
  pageSizeOptions?: readonly number[];
  /** The search box (default: with the rows all here, not a server's page). */
  buscar?: boolean;
  /** The headings sort the rows (default: with the rows all here). */
  ordenar?: boolean;
}

const TAMANOS_DE_PAGINA = [10, 25, 50, 100];
/** The height of an empty table (toolbar, header, its message, footer; measured): held until it mounts. */
const ALTO_VACIO = 265;
const NINGUNA_FILA: readonly never[] = [];
const idDeFila = (row: FilaTabla) => (row as { id: string | number }).id;
const NUMERO = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 3 });

/** The value a column shows, sorts and searches by. */
function valorDe<R extends FilaTabla>(c: ColumnaConfig<R>, row: R): unknown {
  const crudo = (row as Record<string, unknown>)[c.field];
  return c.valueGetter ? c.valueGetter(crudo, row) : crudo;
}

/** The cell's text (shown unless the column renders its own; searched and exported). */
function textoDe<R extends FilaTabla>(c: ColumnaConfig<R>, row: R, valor = valorDe(c, row)): ReactNode {
  if (c.valueFormatter) return c.valueFormatter(valor, row);
  if (valor === null || valor === undefined) return '';
  if (typeof valor === 'number') return NUMERO.format(valor);
  return String(valor);
}

const plano = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const comoTexto = (n: ReactNode) => (typeof n === 'string' || typeof n === 'number' ? String(n) : '');

const COMPARAR = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });
/** Empty values last whichever the direction; numbers as numbers; texts in Spanish order. */
function comparar(a: unknown, b: unknown, sentido: 1 | -1): number {
  const vacioA = a === null || a === undefined || a === '';
  const vacioB = b === null || b === undefined || b === '';
  if (vacioA || vacioB) return vacioA === vacioB ? 0 : vacioA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return sentido * (a - b);
  return sentido * COMPARAR.compare(String(a), String(b));
}

/**
 * The rows as CSV (`;`, as a Spanish Excel reads it): every column (a phone's hidden ones too), every
 * row found; a text a spreadsheet would run as a formula escaped (`escaparTexto`, as the server's
 * exports do).
 */
function csv<R extends FilaTabla>(columnas: readonly ColumnaConfig<R>[], filas: readonly R[]): string {
  const campo = (s: string) => (/[";\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  const cols = columnas.filter((c) => c.type !== 'actions');
  const celda = (c: ColumnaConfig<R>, row: R) => {
    const valor = valorDe(c, row);
    const texto = comoTexto(textoDe(c, row, valor));
    return campo(typeof valor === 'number' ? texto : escaparTexto(texto));
  };
  const lineas = [cols.map((c) => campo(escaparTexto(c.headerName ?? c.field))).join(';')];
  for (const row of filas) lineas.push(cols.map((c) => celda(c, row)).join(';'));
  return `\uFEFF${lineas.join('\r\n')}\r\n`;
}

const estiloTabla = {
  '& .fila-atenuada': { opacity: 0.6 },
  // A long word breaks only when it cannot fit a line of its own ('anywhere' split 'Administrador').
  '& td': { overflowWrap: 'break-word' },
  // A phone's 360 px hold a name, a state and three actions.
  '& th, & td': { px: { xs: 1, sm: 2 } },
  // A column without flex was a fixed width in the grid (a date, a number, a chip): one line.
  '& .fija': { whiteSpace: 'nowrap' },
  '& thead th': { fontWeight: 500, lineHeight: 1.3 },
} as const;

/**
 * The configuration screens' list: a plain MUI table (heading sorts, search, CSV export, pages of
 * 25), no row selection, growing with its rows; the columns named in `hiddenOnPhone` hidden below
 * 600 px so the screen never scrolls sideways at 360 px. It was MUI X's DataGrid: mounting one took
 * 150–450 ms of the main thread on a 2-core machine (its layout reads, virtualizer and styles), which
 * made every configuration screen's blocking time exceed 200 ms (issue 34 item 3); lists of tens of
 * rows need none of what costs that.
 */
export function ConfigGrid<R extends FilaTabla>(props: ConfigGridProps<R>) {
  // The table mounts once its first rows are in, and renders in a transition, after the page
  // around it. Until then it is the previous props (memoized: nothing rendered again) or, at first,
  // a loading bar in a box as tall as an empty table (nothing moves when an empty list comes).
  const diferidas = useDeferredValue<ConfigGridProps<R> | null>(props, null);
  if (!diferidas || (diferidas.loading && !diferidas.rows))
    return (
      <Paper sx={{ width: '100%', minWidth: 0, height: ALTO_VACIO }}>
        <LinearProgress aria-label={`Cargando: ${props.label}`} />
      </Paper>
    );
  return <ConfigGridAhora<R> {...diferidas} />;
}

function ConfigGridAhoraSinMemo<R extends FilaTabla>({
  rows = NINGUNA_FILA,
  columns,
  loading,
  error,
  hiddenOnPhone = NINGUNA_FILA,
  label,
  sinFilas = 'Sin filas',
  atenuada,
  getRowId = idDeFila,
  initialState,
  paginationMode = 'client',
  rowCount,
  paginationModel,
  onPaginationModelChange,
  pageSizeOptions = TAMANOS_DE_PAGINA,
  buscar = paginationMode === 'client',
  ordenar = paginationMode === 'client',
}: ConfigGridProps<R>) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const visibles = narrow ? columns.filter((c) => !hiddenOnPhone.includes(c.field)) : columns;
  const [busqueda, setBusqueda] = useState('');
  const [orden, setOrden] = useState<Orden | null>(initialState?.sorting?.sortModel[0] ?? null);
  const [local, setLocal] = useState<PaginaConfig>({
    page: 0,
    pageSize: initialState?.pagination?.paginationModel.pageSize ?? 25,
  });
  const servidor = paginationMode === 'server';
  const pagina = servidor && paginationModel ? paginationModel : local;
  const cambiarPagina = (p: PaginaConfig) => (servidor ? onPaginationModelChange?.(p) : setLocal(p));

  const halladas = useMemo(() => {
    const terminos = plano(busqueda).split(/\s+/).filter(Boolean);
    let filas = rows;
    if (terminos.length > 0) {
      const buscables = columns.filter((c) => c.type !== 'actions');
      filas = filas.filter((row) => {
        const texto = plano(buscables.map((c) => comoTexto(textoDe(c, row))).join(' '));
        return terminos.every((t) => texto.includes(t));
      });
    }
    const columna = orden && columns.find((c) => c.field === orden.field);
    if (columna && ordenar) {
      const sentido = orden.sort === 'desc' ? -1 : 1;
      filas = filas
        .map((row) => ({ row, valor: valorDe(columna, row) }))
        .sort((a, b) => comparar(a.valor, b.valor, sentido))
        .map((x) => x.row);
    }
    return filas;
  }, [rows, columns, busqueda, orden, ordenar]);

  const total = servidor ? (rowCount ?? rows.length) : halladas.length;
  // Past the last page (rows deleted, a narrower search): the last one.
  const page = Math.min(pagina.page, Math.max(0, Math.ceil(total / pagina.pageSize) - 1));
  const vista = servidor ? halladas : halladas.slice(page * pagina.pageSize, (page + 1) * pagina.pageSize);
  const ordenarPor = (field: string) =>
    setOrden((o) =>
      o?.field !== field ? { field, sort: 'asc' } : o.sort === 'asc' ? { field, sort: 'desc' } : null,
    );

  return (
    <>
      {error && <Alert severity="error">{error}</Alert>}
      <Paper sx={{ width: '100%', minWidth: 0 }} aria-busy={loading} data-tabla-config={label}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', px: 1.5, pt: 1.5 }}>
          {buscar && (
            <TextField
              type="search"
              size="small"
              placeholder="Buscar…"
              value={busqueda}
              onChange={(e) => {
                setBusqueda(e.target.value);
                setLocal((p) => ({ ...p, page: 0 }));
              }}
              slotProps={{
                htmlInput: { 'aria-label': `Buscar en ${label}` },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
              sx={{ flex: '1 1 180px', maxWidth: { sm: 280 } }}
            />
          )}
          <Button
            size="small"
            startIcon={<FileDownloadIcon />}
            onClick={() =>
              guardarBlob(
                new Blob([csv(columns, halladas)], { type: 'text/csv;charset=utf-8' }),
                `${label}.csv`,
              )
            }
            disabled={halladas.length === 0}
          >
            {/* The server's pages: only the page shown is here (786 paros of a week, 25 in the CSV). */}
            {servidor ? 'Exportar CSV de esta página' : 'Exportar CSV'}
          </Button>
        </Box>
        {/* The bar's room is kept, so the rows do not move when it comes and goes. */}
        <Box sx={{ height: 4, mt: 1 }}>{loading && <LinearProgress aria-hidden />}</Box>
        <TableContainer>
          <Table size="small" aria-label={label} sx={estiloTabla}>
            <TableHead>
              <TableRow>
                {visibles.map((c) => {
                  const activa = orden?.field === c.field && ordenar;
                  return (
                    <TableCell
                      key={c.field}
                      align={alineacion(c)}
                      title={c.description}
                      sortDirection={activa ? orden.sort : false}
                      // A table cell's min-width is not honoured: its width is the least it takes in an auto layout.
                      sx={{ width: c.width ?? c.minWidth, maxWidth: c.maxWidth }}
                    >
                      {ordenar && c.sortable !== false && c.type !== 'actions' ? (
                        <TableSortLabel
                          active={activa}
                          direction={activa ? orden.sort : 'asc'}
                          onClick={() => ordenarPor(c.field)}
                        >
                          {c.headerName ?? c.field}
                        </TableSortLabel>
                      ) : (
                        (c.headerName ?? c.field)
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableHead>
            <TableBody>
              {vista.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={visibles.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {sinFilas}
                  </TableCell>
                </TableRow>
              ) : (
                vista.map((row) => {
                  const id = getRowId(row);
                  return (
                    <TableRow key={id} className={atenuada?.(row) ? 'fila-atenuada' : undefined}>
                      {visibles.map((c) => (
                        <TableCell
                          key={c.field}
                          align={alineacion(c)}
                          className={c.flex ? undefined : 'fija'}
                          sx={c.type === 'actions' ? ACCIONES : undefined}
                        >
                          {celda(c, row, id)}
                        </TableCell>
                      ))}
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <Paginacion
          count={total}
          page={page}
          rowsPerPage={pagina.pageSize}
          rowsPerPageOptions={pageSizeOptions}
          onPageChange={(p) => cambiarPagina({ ...pagina, page: p })}
          onRowsPerPageChange={(pageSize) => cambiarPagina({ page: 0, pageSize })}
        />
      </Paper>
    </>
  );
}

const ACCIONES = { py: 0 } as const;

function alineacion<R>(c: ColumnaConfig<R>): 'left' | 'right' | 'center' | undefined {
  return c.align ?? (c.type === 'number' ? 'right' : c.type === 'actions' ? 'center' : undefined);
}

function celda<R extends FilaTabla>(c: ColumnaConfig<R>, row: R, id: string | number): ReactNode {
  if (c.type === 'actions') return c.getActions?.({ row, id });
  const value = valorDe(c, row);
  if (c.renderCell) return c.renderCell({ row, value, id, field: c.field });
  return textoDe(c, row, value);
}

/** The table itself, rendered again only when the deferred props change (the same object: skipped). */
const ConfigGridAhora = memo(ConfigGridAhoraSinMemo) as typeof ConfigGridAhoraSinMemo;

/** A configuration table with its heading and "Nuevo …" button above (the table named by the heading). */
export function TablaConfig<R extends FilaTabla>({
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
