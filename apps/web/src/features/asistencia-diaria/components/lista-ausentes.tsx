import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { formatNumber } from '@planta/charts/format';
import { cargarAlVerse } from '../../../components/feedback/cargar-al-verse.tsx';
import type { Ausencia } from '../api/asistencia-diaria.ts';
import { filtrarAusencias } from '../utils/asistencia.ts';
import type { Fila } from './tabla-ausentes.tsx';

/** The grid, last on the screen: loaded and drawn when it comes near the view. */
const TablaAusentes = cargarAlVerse(() => import('./tabla-ausentes.tsx').then((m) => m.TablaAusentes), 400);

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
      <TablaAusentes filas={filas} cargando={cargando} sinNadie={ausencias.length === 0} />
    </Box>
  );
}
