import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { esES as gridEsES } from '@mui/x-data-grid/locales';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { type ErrorDeCampo, errorDeCampo, useGuardar } from '../../../components/config/guardar.ts';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { lazyDialog } from '../../../components/feedback/lazy-dialog.tsx';
import {
  actualizarReporte,
  crearReporte,
  type EjecucionReporte,
  ejecucionesKey,
  eliminarReporte,
  enviarReporte,
  type ReporteProgramado,
  reportesKey,
  useEjecucionesReporte,
  useReportesProgramados,
} from '../api/reportes-programados.ts';
import {
  ESTADO_EJECUCION_COLOR,
  ESTADO_EJECUCION_LABEL,
  formatFechaHora,
  periodicidadTexto,
  type ReporteFormValues,
  reporteInput,
} from '../utils/reporte-form.ts';
import type { ReporteDialogProps } from './reporte-dialog.tsx';

const ReporteDialog = lazyDialog<ReporteDialogProps>(
  () => import('./reporte-dialog.tsx').then((m) => m.ReporteDialog),
  (p) => p.open,
);

type Dialogo = { kind: 'cerrado' } | { kind: 'form'; id: string | null } | { kind: 'eliminar'; id: string };
type Resultado = { severity: 'success' | 'error'; texto: string };

const localeText = (noRowsLabel: string) => ({
  ...gridEsES.components.MuiDataGrid.defaultProps.localeText,
  noRowsLabel,
});

export const destinatariosTexto = (n: number) => (n === 1 ? '1 destinatario' : `${n} destinatarios`);

/** A cell of several lines (the phone's compact rows, long errors). */
const Lineas = ({ principal, secundarias }: { principal: string; secundarias: (string | null)[] }) => (
  <Box sx={{ py: 0.75, minWidth: 0, whiteSpace: 'normal', lineHeight: 1.35 }}>
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {principal}
    </Typography>
    {secundarias
      .filter((s): s is string => Boolean(s))
      .map((s) => (
        <Typography
          key={s}
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {s}
        </Typography>
      ))}
  </Box>
);

/**
 * Scheduled reports (issue 17): a screen's PDF e-mailed daily, weekly or monthly. The list (create,
 * edit, delete, send now) and the run log of one report or all.
 */
export function ReportesProgramadosPanel() {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const timeZone = usePlantCalendar().timeZone;
  const queryClient = useQueryClient();
  const reportes = useReportesProgramados();
  const [filtro, setFiltro] = useState<string>('');
  const ejecuciones = useEjecucionesReporte(filtro || null);
  const { guardar, guardando } = useGuardar();
  const [dialogo, setDialogo] = useState<Dialogo>({ kind: 'cerrado' });
  const [errorServidor, setErrorServidor] = useState<ErrorDeCampo | null>(null);
  const [errorGeneral, setErrorGeneral] = useState<string | null>(null);
  const [enviando, setEnviando] = useState<string | null>(null);
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const historial = useRef<HTMLDivElement>(null);
  const buscar = (id: string | null) => reportes.data?.find((r) => r.id === id) ?? null;
  const nombres = useMemo(() => new Map((reportes.data ?? []).map((r) => [r.id, r.nombre])), [reportes.data]);

  const cerrar = () => {
    setDialogo({ kind: 'cerrado' });
    setErrorServidor(null);
    setErrorGeneral(null);
  };

  // The dialog edits the report as currently loaded: after a conflict the list reloads and so does the form.
  const editado = dialogo.kind === 'form' ? buscar(dialogo.id) : null;
  const aEliminar = dialogo.kind === 'eliminar' ? buscar(dialogo.id) : null;

  const onSubmit = async (values: ReporteFormValues) => {
    setErrorServidor(null);
    setErrorGeneral(null);
    const input = reporteInput(values);
    const saved = await guardar(
      () =>
        editado ? actualizarReporte(editado.id, { ...input, version: editado.version }) : crearReporte(input),
      {
        exito: editado ? 'Reporte programado actualizado' : 'Reporte programado creado',
        detalle: input.nombre,
        error: editado
          ? 'No se pudo actualizar el reporte programado'
          : 'No se pudo crear el reporte programado',
        invalidar: [reportesKey],
      },
      (error) => {
        const campo = errorDeCampo(error);
        setErrorServidor(campo);
        if (!campo) setErrorGeneral(error instanceof Error ? error.message : String(error));
      },
    );
    if (saved) cerrar();
  };

  const enviarAhora = async (r: ReporteProgramado) => {
    if (enviando) return;
    setEnviando(r.id);
    setResultado(null);
    try {
      const e = await enviarReporte(r.id);
      setResultado(
        e.estado === 'ERROR'
          ? { severity: 'error', texto: `No se pudo enviar «${r.nombre}»: ${e.error ?? 'error desconocido'}` }
          : { severity: 'success', texto: `«${r.nombre}»: enviado a ${destinatariosTexto(e.destinatarios)}` },
      );
    } catch (error) {
      setResultado({
        severity: 'error',
        texto: `No se pudo enviar «${r.nombre}»: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      setEnviando(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ejecucionesKey }),
        queryClient.invalidateQueries({ queryKey: reportesKey }),
      ]);
    }
  };

  const verEnvios = (id: string) => {
    setFiltro(id);
    historial.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const proximo = (r: ReporteProgramado) =>
    r.proximo_envio ? formatFechaHora(r.proximo_envio, timeZone) : r.activo ? '—' : 'Inactivo';

  const columns: GridColDef<ReporteProgramado>[] = [
    {
      field: 'nombre',
      headerName: 'Nombre',
      flex: 1.2,
      minWidth: 130,
      renderCell: narrow
        ? ({ row }) => (
            <Lineas
              principal={row.nombre}
              secundarias={[
                row.pantalla,
                `${periodicidadTexto(row)} · ${row.hora}`,
                row.activo ? `Próximo: ${proximo(row)}` : 'Inactivo',
              ]}
            />
          )
        : undefined,
    },
    { field: 'pantalla', headerName: 'Pantalla', flex: 1, minWidth: 130 },
    {
      field: 'periodicidad',
      headerName: 'Periodicidad',
      width: 150,
      valueGetter: (_v, row) => periodicidadTexto(row),
    },
    { field: 'hora', headerName: 'Hora', width: 70 },
    {
      field: 'destinatarios',
      headerName: 'Destinatarios',
      flex: 1.2,
      minWidth: 150,
      sortable: false,
      valueGetter: (v: string[]) => v.join(', '),
      renderCell: ({ value }: { value?: string }) => (
        <Box sx={{ py: 0.75, whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.35 }}>{value}</Box>
      ),
    },
    {
      field: 'proximo_envio',
      headerName: 'Próximo envío',
      width: 140,
      // The ISO instant sorts; the cell shows it in plant time.
      valueFormatter: (_v, row) => proximo(row),
    },
    {
      field: 'activo',
      headerName: 'Estado',
      width: 90,
      valueGetter: (v: boolean) => (v ? 'Activo' : 'Inactivo'),
      renderCell: ({ value }) => (
        <Chip
          size="small"
          label={value}
          color={value === 'Activo' ? 'success' : 'default'}
          variant={value === 'Activo' ? 'outlined' : 'filled'}
        />
      ),
    },
    {
      field: 'actions',
      type: 'actions',
      headerName: 'Acciones',
      width: 150,
      getActions: ({ row }) => [
        <GridActionsCellItem
          key="enviar"
          icon={enviando === row.id ? <CircularProgress size={18} /> : <SendIcon />}
          label={`Enviar ahora ${row.nombre}`}
          title="Enviar ahora"
          disabled={enviando !== null}
          onClick={() => void enviarAhora(row)}
        />,
        <GridActionsCellItem
          key="envios"
          icon={<HistoryIcon />}
          label={`Ver envíos de ${row.nombre}`}
          title="Ver envíos"
          onClick={() => verEnvios(row.id)}
        />,
        <GridActionsCellItem
          key="edit"
          icon={<EditIcon />}
          label={`Editar ${row.nombre}`}
          title="Editar"
          onClick={() => setDialogo({ kind: 'form', id: row.id })}
        />,
        <GridActionsCellItem
          key="delete"
          icon={<DeleteIcon />}
          label={`Eliminar ${row.nombre}`}
          title="Eliminar"
          onClick={() => setDialogo({ kind: 'eliminar', id: row.id })}
        />,
      ],
    },
  ];

  const tipo = (e: EjecucionReporte) =>
    e.programada_para ? formatFechaHora(e.programada_para, timeZone) : 'Envío manual';
  const nombreReporte = (e: EjecucionReporte) =>
    (e.reporte_id && nombres.get(e.reporte_id)) || 'Reporte eliminado';

  const columnasLog: GridColDef<EjecucionReporte>[] = [
    {
      field: 'creada',
      headerName: 'Fecha',
      width: 140,
      flex: narrow ? 1 : undefined,
      valueGetter: (v: string) => formatFechaHora(v, timeZone),
      renderCell: narrow
        ? ({ row, value }: { row: EjecucionReporte; value?: string }) => (
            <Lineas
              principal={value ?? ''}
              secundarias={[
                nombreReporte(row),
                row.programada_para ? `Programado: ${tipo(row)}` : 'Envío manual',
                row.estado === 'ENVIADO' ? destinatariosTexto(row.destinatarios) : null,
                row.error,
              ]}
            />
          )
        : undefined,
    },
    {
      field: 'reporte',
      headerName: 'Reporte',
      flex: 1,
      minWidth: 120,
      valueGetter: (_v, row) => nombreReporte(row),
    },
    {
      field: 'programada_para',
      headerName: 'Programado para',
      width: 150,
      valueGetter: (_v, row) => tipo(row),
    },
    {
      field: 'estado',
      headerName: 'Estado',
      width: 105,
      valueGetter: (v: string) => ESTADO_EJECUCION_LABEL[v] ?? v,
      renderCell: ({ row, value }) => (
        <Chip
          size="small"
          label={value}
          color={ESTADO_EJECUCION_COLOR[row.estado] ?? 'default'}
          variant="outlined"
        />
      ),
    },
    {
      field: 'destinatarios',
      headerName: 'Destinatarios',
      type: 'number',
      width: 110,
      valueFormatter: (v: number) => new Intl.NumberFormat('es-PE').format(v),
    },
    {
      field: 'archivo',
      headerName: 'Archivo',
      flex: 1,
      minWidth: 140,
      renderCell: ({ value }: { value?: string | null }) => (
        <Box sx={{ py: 0.75, whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.35 }}>
          {value ?? '—'}
        </Box>
      ),
    },
    {
      field: 'error',
      headerName: 'Error',
      flex: 1.5,
      minWidth: 160,
      sortable: false,
      renderCell: ({ value }: { value?: string | null }) => (
        <Box
          sx={{
            py: 0.75,
            whiteSpace: 'normal',
            overflowWrap: 'anywhere',
            lineHeight: 1.35,
            color: value ? 'error.main' : 'text.secondary',
          }}
        >
          {value ?? '—'}
        </Box>
      ),
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h6" component="h2">
          Reportes programados
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialogo({ kind: 'form', id: null })}
        >
          Nuevo reporte
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        El PDF de una pantalla enviado por correo cada día, semana o mes, a la hora de la planta.
      </Typography>
      {resultado && (
        <Alert
          severity={resultado.severity}
          role={resultado.severity === 'error' ? 'alert' : 'status'}
          aria-label="Resultado del envío"
          onClose={() => setResultado(null)}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {resultado.texto}
        </Alert>
      )}
      <ConfigGrid<ReporteProgramado>
        label="Reportes programados"
        rows={reportes.data}
        columns={columns}
        loading={reportes.isLoading}
        error={
          reportes.isError
            ? `No se pudo obtener la lista de reportes programados: ${reportes.error.message}`
            : null
        }
        hiddenOnPhone={['pantalla', 'periodicidad', 'hora', 'destinatarios', 'proximo_envio', 'activo']}
        localeText={localeText('No hay reportes programados')}
        getRowHeight={() => 'auto'}
        getRowClassName={({ row }) => (row.activo ? '' : 'reporte-inactivo')}
        initialState={{ sorting: { sortModel: [{ field: 'nombre', sort: 'asc' }] } }}
        sx={{
          border: 0,
          '& .reporte-inactivo': { opacity: 0.6 },
          '& .MuiDataGrid-cell': { minHeight: 52, display: 'flex', alignItems: 'center' },
        }}
      />

      <Box ref={historial} sx={{ display: 'grid', gap: 2, minWidth: 0, scrollMarginTop: 80 }}>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 1,
            flexWrap: 'wrap',
          }}
        >
          <Typography variant="h6" component="h2">
            Historial de envíos
          </Typography>
          <TextField
            select
            size="small"
            label="Reporte"
            value={filtro}
            onChange={(e) => setFiltro(e.target.value)}
            sx={{ minWidth: 200, maxWidth: '100%' }}
          >
            <MenuItem value="">Todos los reportes</MenuItem>
            {(reportes.data ?? []).map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.nombre}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <ConfigGrid<EjecucionReporte>
          label="Historial de envíos"
          rows={ejecuciones.data}
          columns={columnasLog}
          loading={ejecuciones.isLoading || ejecuciones.isFetching}
          error={
            ejecuciones.isError
              ? `No se pudo obtener el historial de envíos: ${ejecuciones.error.message}`
              : null
          }
          hiddenOnPhone={['reporte', 'programada_para', 'destinatarios', 'archivo', 'error']}
          localeText={localeText('No hay envíos registrados')}
          getRowHeight={() => 'auto'}
          initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
          sx={{ border: 0, '& .MuiDataGrid-cell': { minHeight: 52, display: 'flex', alignItems: 'center' } }}
        />
      </Box>

      <ReporteDialog
        open={dialogo.kind === 'form'}
        reporte={editado}
        guardando={guardando}
        errorServidor={errorServidor}
        errorGeneral={errorGeneral}
        onClose={cerrar}
        onSubmit={onSubmit}
      />
      {aEliminar && (
        <ConfirmDialog
          open
          title="Eliminar reporte programado"
          text={`¿Eliminar el reporte programado ${aEliminar.nombre}? Dejará de enviarse.`}
          confirmLabel="Eliminar"
          onCancel={cerrar}
          onConfirm={async () => {
            await guardar(() => eliminarReporte(aEliminar.id, aEliminar.version), {
              exito: 'Reporte programado eliminado',
              detalle: aEliminar.nombre,
              error: 'No se pudo eliminar el reporte programado',
              invalidar: [reportesKey],
            });
            cerrar();
            if (filtro === aEliminar.id) setFiltro('');
          }}
        />
      )}
    </Box>
  );
}
