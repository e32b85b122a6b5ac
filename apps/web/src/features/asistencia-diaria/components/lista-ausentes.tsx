import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES as gridEsES } from '@mui/x-data-grid/locales';
import { useMemo, useState } from 'react';
import { formatNumber } from '@planta/charts/format';
import type { Ausencia } from '../api/asistencia-diaria.ts';
import { etiquetaEstado, filtrarAusencias } from '../utils/asistencia.ts';
import { COLOR_ESTADO } from '@planta/charts/rrhh/asistencia-options';

const COLOR_POR_ESTADO: Record<string, string> = {
  FALTA: COLOR_ESTADO.faltas,
  VACACIONES: COLOR_ESTADO.vacaciones,
  INCAPACIDAD: COLOR_ESTADO.incapacidades,
  PERMISO: COLOR_ESTADO.permisos,
};

interface Fila {
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

/** Who was not at work on the day and why (falta, vacaciones, incapacidad, permiso), searchable. */
export function ListaAusentes({
  ausencias,
  cargando,
}: {
  ausencias: readonly Ausencia[];
  cargando: boolean;
}) {
  const [busqueda, setBusqueda] = useState('');
  const filas = useMemo<Fila[]>(
    () =>
      filtrarAusencias(ausencias, busqueda).map((a) => ({
        id: `${a.empleado.id}-${a.fecha}`,
        nombre: a.empleado.nombre,
        codigo: a.empleado.codigo,
        area: a.empleado.area,
        puesto: a.empleado.puesto,
        estado: a.estado,
      })),
    [ausencias, busqueda],
  );
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <TextField
          size="small"
          label="Buscar"
          placeholder="Nombre, código, área, puesto o motivo"
          value={busqueda}
          onChange={(e) => setBusqueda(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'data-testid': 'buscar-ausente' },
          }}
          sx={{ width: { xs: '100%', sm: 340 } }}
        />
        <Typography variant="body2" color="text.secondary" role="status" data-testid="ausentes-cuenta">
          {busqueda.trim() === ''
            ? `${formatNumber(ausencias.length, 0)} ${ausencias.length === 1 ? 'ausente' : 'ausentes'}`
            : `${formatNumber(filas.length, 0)} de ${formatNumber(ausencias.length, 0)} ausentes`}
        </Typography>
      </Box>
      <Box sx={{ width: '100%', minWidth: 0 }} data-testid="tabla-ausentes">
        <DataGrid
          localeText={{
            ...gridEsES.components.MuiDataGrid.defaultProps.localeText,
            noRowsLabel:
              ausencias.length === 0 ? 'Nadie faltó este día' : 'Ningún ausente coincide con la búsqueda',
          }}
          aria-label="Ausentes del día"
          rows={filas}
          columns={columnas}
          loading={cargando}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          pageSizeOptions={[10, 25, 50, 100]}
          disableRowSelectionOnClick
          disableColumnMenu
          autoHeight
          density="compact"
          sx={{ border: 0 }}
        />
      </Box>
    </Box>
  );
}
