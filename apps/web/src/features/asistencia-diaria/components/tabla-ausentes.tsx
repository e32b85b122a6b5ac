import { Box } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES as gridEsES } from '@mui/x-data-grid/locales';
import { SLOTS_DE_GRID } from '../../../components/table/grid-carga.tsx';
import { etiquetaEstado } from '../utils/asistencia.ts';
import { COLOR_ESTADO } from '@planta/charts/rrhh/asistencia-options';
const COLOR_POR_ESTADO: Record<string, string> = {
  FALTA: COLOR_ESTADO.faltas,
  VACACIONES: COLOR_ESTADO.vacaciones,
  INCAPACIDAD: COLOR_ESTADO.incapacidades,
  PERMISO: COLOR_ESTADO.permisos,
};

export interface Fila {
  id: string;
  nombre: string;
  codigo: string;
  area: string;
  puesto: string;
  estado: string;
}

const columnas: GridColDef<Fila>[] = [
  { field: 'nombre', headerName: 'Nombre', flex: 1.4, minWidth: 190 },
  {
    field: 'estado',
    headerName: 'Motivo',
    width: 140,
    valueGetter: (_v, row) => etiquetaEstado(row.estado),
    renderCell: ({ row }) => (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        <Box
          component="span"
          aria-hidden
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: COLOR_POR_ESTADO[row.estado] ?? 'grey.500',
          }}
        />
        {etiquetaEstado(row.estado)}
      </Box>
    ),
  },
  { field: 'codigo', headerName: 'Código', width: 100 },
  { field: 'area', headerName: 'Área', flex: 1, minWidth: 130 },
  { field: 'puesto', headerName: 'Puesto', flex: 1, minWidth: 150 },
];

/** The absentees' grid (MUI X DataGrid): loaded apart, see lista-ausentes.tsx. */
export function TablaAusentes({
  filas,
  cargando,
  sinNadie,
}: {
  filas: Fila[];
  cargando: boolean;
  /** Nobody was absent that day (else: nobody matches the search). */
  sinNadie: boolean;
}) {
  return (
    <Box sx={{ width: '100%', minWidth: 0 }} data-testid="tabla-ausentes" aria-busy={cargando}>
      <DataGrid
        localeText={{
          ...gridEsES.components.MuiDataGrid.defaultProps.localeText,
          noRowsLabel: sinNadie ? 'Nadie faltó este día' : 'Ningún ausente coincide con la búsqueda',
        }}
        aria-label="Ausentes del día"
        rows={filas}
        columns={columnas}
        loading={cargando}
        slots={SLOTS_DE_GRID}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        pageSizeOptions={[10, 25, 50, 100]}
        disableRowSelectionOnClick
        disableColumnMenu
        autoHeight
        density="compact"
        sx={{ border: 0 }}
      />
    </Box>
  );
}
