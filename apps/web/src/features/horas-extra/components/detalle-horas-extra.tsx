import { Box, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES as gridEsES } from '@mui/x-data-grid/locales';
import { SLOTS_DE_GRID } from '../../../components/table/grid-carga.tsx';
import { useMemo } from 'react';
import { formatFecha, formatNumber } from '@planta/charts/format';
import type { HoraExtra } from '../api/horas-extra.ts';

/** A detail row: the record with its employee's fields flat (searched and sorted by the grid). */
interface FilaDetalle {
  id: string;
  codigo: string;
  nombre: string;
  area: string;
  fecha: string;
  horas: number;
  tipo: string;
  motivo: string;
}

const TIPO: Record<HoraExtra['tipo'], string> = { DOBLE: 'Doble', TRIPLE: 'Triple' };

/** The grid's columns; on phones narrower, so employee, date and hours fit 360 px. */
const columnas = (narrow: boolean): GridColDef<FilaDetalle>[] => [
  { field: 'codigo', headerName: 'Código', minWidth: 90 },
  { field: 'nombre', headerName: 'Empleado', flex: 1, minWidth: narrow ? 120 : 150 },
  { field: 'area', headerName: 'Área', flex: 0.7, minWidth: 120 },
  {
    field: 'fecha',
    headerName: 'Fecha',
    minWidth: narrow ? 96 : 105,
    // YYYY-MM-DD sorts as text; shown DD/MM/AAAA.
    valueFormatter: (value: string) => formatFecha(value),
  },
  {
    field: 'horas',
    headerName: 'Horas',
    type: 'number',
    minWidth: narrow ? 64 : 80,
    valueFormatter: (value: number) => formatNumber(value, 1),
  },
  { field: 'tipo', headerName: 'Tipo', minWidth: 80 },
  { field: 'motivo', headerName: 'Motivo', flex: 1, minWidth: 160 },
];

/** Every overtime record of the range in MUI X DataGrid: quick search, sort, pages. */
export function DetalleHorasExtra({
  filas,
  loading,
}: {
  filas: readonly HoraExtra[] | undefined;
  loading: boolean;
}) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const columns = useMemo(() => columnas(narrow), [narrow]);
  const rows = useMemo<FilaDetalle[]>(
    () =>
      (filas ?? []).map((h) => ({
        id: h.id,
        codigo: h.empleado.codigo,
        nombre: h.empleado.nombre,
        area: h.empleado.area,
        fecha: h.fecha,
        horas: h.horas,
        tipo: TIPO[h.tipo],
        motivo: h.motivo,
      })),
    [filas],
  );
  return (
    // The grid does not pass data-* attributes to its root: the box carries the test id.
    <Box data-testid="detalle-horas-extra" sx={{ width: '100%', minWidth: 0 }} aria-busy={loading}>
      <DataGrid
        // Spanish texts of the grid here, not in the theme: the grid's locale stays out of the shell.
        localeText={gridEsES.components.MuiDataGrid.defaultProps.localeText}
        rows={rows}
        columns={columns}
        loading={loading}
        slots={SLOTS_DE_GRID}
        columnVisibilityModel={narrow ? { codigo: false, area: false, tipo: false } : {}}
        initialState={{
          sorting: { sortModel: [{ field: 'fecha', sort: 'desc' }] },
          pagination: { paginationModel: { pageSize: 25 } },
        }}
        pageSizeOptions={[10, 25, 50, 100]}
        showToolbar
        // One 'Exportar' on the screen: the toolbar's (CSV of the page, print) would be a second one.
        slotProps={{
          toolbar: {
            csvOptions: { disableToolbarButton: true },
            printOptions: { disableToolbarButton: true },
          },
        }}
        density={narrow ? 'compact' : 'standard'}
        disableRowSelectionOnClick
        autoHeight
        aria-label="Detalle de horas extra"
        sx={{ border: 0 }}
      />
    </Box>
  );
}
