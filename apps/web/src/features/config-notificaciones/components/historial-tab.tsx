import Autocomplete from '@mui/material/Autocomplete';
import Tooltip from '@mui/material/Tooltip';
import { Box, Button, Chip, MenuItem, TextField, Typography } from '@mui/material';
import type { ColumnaConfig } from '../../../components/config/columnas.tsx';
import type { PaginaConfig } from '../../../components/config/config-grid.tsx';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatFecha } from '@planta/charts/format';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { ReconocerDialog } from '../../../components/alarmas/reconocer-dialog.tsx';
import {
  ESTADO_ALARMA_LABEL,
  formatInstante,
  formatMedida,
  SEVERIDAD_COLOR,
  SEVERIDAD_LABEL,
} from '../../../components/alarmas/etiquetas.ts';
import {
  type AlarmaHistorial,
  type FiltrosAlarmas,
  useAlarmas,
  useLineasReglas,
  useVariablesReglas,
} from '../api/config-notificaciones.ts';

const ESTADOS: [string, string][] = [
  ['', 'Todas'],
  ['ACTIVA', 'Activas'],
  ['RECONOCIDA', 'Reconocidas'],
  ['NORMALIZADA', 'Normalizadas'],
];

const ESTADO_COLOR: Record<string, 'error' | 'warning' | 'success'> = {
  ACTIVA: 'error',
  RECONOCIDA: 'warning',
  NORMALIZADA: 'success',
};

const fechaIso = (d: Dayjs | null) => (d?.isValid() ? d.format('YYYY-MM-DD') : null);

/** The alarms, newest first, paged by the server; filters; acknowledge an active one with a comment. */
export function HistorialTab() {
  const [estado, setEstado] = useState('');
  const [lineaId, setLineaId] = useState('');
  const [area, setArea] = useState('');
  // The area typed reaches the query once typing pauses (not one request per key).
  const [areaFiltro, setAreaFiltro] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAreaFiltro(area.trim()), 300);
    return () => clearTimeout(timer);
  }, [area]);
  const [desde, setDesde] = useState<Dayjs | null>(null);
  const [hasta, setHasta] = useState<Dayjs | null>(null);
  const [pagina, setPagina] = useState<PaginaConfig>({ page: 0, pageSize: 25 });
  const [reconocer, setReconocer] = useState<{ id: string; origen: string } | null>(null);
  const lineas = useLineasReglas();
  const variables = useVariablesReglas();
  const timeZone = usePlantCalendar().timeZone;

  const filtros: FiltrosAlarmas = {
    estado: estado || null,
    lineaId: lineaId || null,
    area: areaFiltro || null,
    desde: fechaIso(desde),
    hasta: fechaIso(hasta),
  };
  const alarmas = useAlarmas(filtros, pagina.page, pagina.pageSize);
  const areas = useMemo(
    () => [...new Set((variables.data ?? []).map((v) => v.area).filter(Boolean))].sort(),
    [variables.data],
  );
  const filtrar =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPagina((p) => ({ ...p, page: 0 }));
    };

  const columns = useMemo<ColumnaConfig<AlarmaHistorial>[]>(
    () => [
      {
        field: 'severidad',
        headerName: 'Severidad',
        width: 105,
        valueGetter: (v: string) => SEVERIDAD_LABEL[v] ?? v,
        renderCell: ({ row, value }) => (
          <Chip
            size="small"
            label={value}
            color={SEVERIDAD_COLOR[row.severidad] ?? 'default'}
            variant="outlined"
          />
        ),
      },
      { field: 'origen', headerName: 'Origen', flex: 1, minWidth: 100 },
      { field: 'regla_nombre', headerName: 'Regla', flex: 1, minWidth: 120 },
      {
        field: 'fecha',
        headerName: 'Día',
        description: 'Día de producción',
        width: 95,
        valueFormatter: (v: string) => formatFecha(v),
      },
      {
        field: 'inicio',
        headerName: 'Fecha y hora',
        width: 150,
        valueFormatter: (v: string) => formatInstante(v, timeZone),
      },
      {
        field: 'valor',
        headerName: 'Valor / límite',
        width: 150,
        sortable: false,
        valueGetter: (_v, row) =>
          `${formatMedida(row.valor, row.unidad)} / ${formatMedida(row.limite, row.unidad)}`,
      },
      {
        field: 'estado',
        headerName: 'Estado',
        width: 160,
        valueGetter: (v: string) => ESTADO_ALARMA_LABEL[v] ?? v,
        renderCell: ({ row, value }) =>
          row.estado === 'ACTIVA' ? (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Chip size="small" label={value} color="error" />
              <Button
                size="small"
                aria-label={`Reconocer ${row.origen}`}
                onClick={() => setReconocer({ id: row.id, origen: row.origen })}
              >
                Reconocer
              </Button>
            </Box>
          ) : (
            <Chip
              size="small"
              label={value}
              color={ESTADO_COLOR[row.estado] ?? 'default'}
              variant="outlined"
            />
          ),
      },
      {
        field: 'reconocida',
        headerName: 'Reconocida',
        flex: 1.2,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, row) =>
          row.reconocida_por
            ? `${row.reconocida_por}, ${row.reconocida_at ? formatInstante(row.reconocida_at, timeZone) : ''}: ${
                row.comentario ?? ''
              }`
            : '',
        renderCell: ({ value }) => (
          <Tooltip title={value}>
            <span>{value}</span>
          </Tooltip>
        ),
      },
      {
        field: 'enlace',
        headerName: 'Ver',
        width: 60,
        sortable: false,
        renderCell: ({ row }) => (
          <Button
            size="small"
            component={RouterLink}
            to={row.enlace}
            aria-label={`Ver ${row.origen} el ${row.fecha}`}
          >
            Ver
          </Button>
        ),
      },
    ],
    [timeZone],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        Historial de alarmas
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
        }}
      >
        <TextField
          select
          label="Estado"
          value={estado}
          onChange={(e) => filtrar(setEstado)(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          {ESTADOS.map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Línea"
          value={lineaId}
          onChange={(e) => filtrar(setLineaId)(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">Todas</MenuItem>
          {(lineas.data ?? []).map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.nombre}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          freeSolo
          options={areas}
          inputValue={area}
          onInputChange={(_e, v) => filtrar(setArea)(v)}
          sx={{ gridColumn: { xs: '1 / -1', lg: 'auto' } }}
          renderInput={(params) => <TextField {...params} label="Área" />}
        />
        <DatePicker
          label="Desde"
          value={desde}
          onChange={filtrar(setDesde)}
          format="DD/MM/YYYY"
          slotProps={{ field: { clearable: true } }}
        />
        <DatePicker
          label="Hasta"
          value={hasta}
          onChange={filtrar(setHasta)}
          format="DD/MM/YYYY"
          slotProps={{ field: { clearable: true } }}
        />
      </Box>
      <ConfigGrid<AlarmaHistorial>
        label="Historial de alarmas"
        rows={alarmas.data?.alarmas}
        columns={columns}
        loading={alarmas.isFetching && !alarmas.data}
        error={
          alarmas.isError ? `No se pudo obtener el historial de alarmas: ${alarmas.error.message}` : null
        }
        // On a phone: what, its state (and Reconocer) and the link; the rest in the wide view.
        hiddenOnPhone={['severidad', 'regla_nombre', 'fecha', 'inicio', 'valor', 'reconocida']}
        paginationMode="server"
        rowCount={alarmas.data?.total ?? 0}
        paginationModel={pagina}
        onPaginationModelChange={setPagina}
      />
      <ReconocerDialog alarma={reconocer} onClose={() => setReconocer(null)} />
    </Box>
  );
}
