import HistoryIcon from '@mui/icons-material/History';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, CircularProgress, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { AccionFila, type ColumnaConfig } from '../../../components/config/columnas.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { ConfigGrid } from '../../../components/config/config-grid.tsx';
import { CeldaLineas, CeldaTexto, columnaChip, columnaEstado } from '../../../components/config/celdas.tsx';
import { Encabezado } from '../../../components/config/encabezado.tsx';
import { Selector } from '../../../components/config/selector.tsx';
import { columnaAcciones, textosDe, useCrudConfig } from '../../../components/config/use-crud-config.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
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
  reporteInput,
} from '../utils/reporte-form.ts';
import type { ReporteDialogProps } from './reporte-dialog.tsx';

const ReporteDialog = lazyDialog<ReporteDialogProps>(
  () => import('./reporte-dialog.tsx').then((m) => m.ReporteDialog),
  (p) => p.open,
);

const REPORTE = textosDe('Reporte programado');

type Resultado = { severity: 'success' | 'error'; texto: string };

export const destinatariosTexto = (n: number) => (n === 1 ? '1 destinatario' : `${n} destinatarios`);

/** An inactive report's row is shown faded. */
const reporteInactivo = (row: ReporteProgramado) => !row.activo;

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
  const [enviando, setEnviando] = useState<string | null>(null);
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const historial = useRef<HTMLDivElement>(null);
  const nombres = useMemo(() => new Map((reportes.data ?? []).map((r) => [r.id, r.nombre])), [reportes.data]);
  const crud = useCrudConfig({
    lista: reportes,
    errorLista: 'No se pudo obtener la lista de reportes programados',
    invalidar: [reportesKey],
    entrada: reporteInput,
    crear: crearReporte,
    actualizar: (r, input) => actualizarReporte(r.id, input),
    textos: { ...REPORTE.textos, detalle: (input) => input.nombre },
    errorGeneral: true,
    eliminar: {
      ...REPORTE.eliminar,
      texto: (r) => `¿Eliminar el reporte programado ${r.nombre}? Dejará de enviarse.`,
      accion: (r) => eliminarReporte(r.id, r.version),
      detalle: (r) => r.nombre,
      despues: (r) => setFiltro((f) => (f === r.id ? '' : f)),
    },
  });

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

  const columns: ColumnaConfig<ReporteProgramado>[] = [
    {
      field: 'nombre',
      headerName: 'Nombre',
      flex: 1.2,
      minWidth: 130,
      renderCell: narrow
        ? ({ row }) => (
            <CeldaLineas
              principal={row.nombre}
              secundarias={[
                row.pantalla,
                row.hora ? `${periodicidadTexto(row)} · ${row.hora}` : periodicidadTexto(row),
                row.activo ? `Próximo: ${proximo(row)}` : 'Inactivo',
              ]}
            />
          )
        : undefined,
    },
    {
      field: 'pantalla',
      headerName: 'Pantalla',
      flex: 1,
      minWidth: 130,
      valueGetter: (v: string, row) => (row.linea ? `${v} · línea ${row.linea}` : v),
    },
    {
      field: 'periodicidad',
      headerName: 'Periodicidad',
      width: 150,
      valueGetter: (_v, row) => periodicidadTexto(row),
    },
    { field: 'hora', headerName: 'Hora', width: 70, valueGetter: (v: string | null) => v ?? '—' },
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
    columnaEstado<ReporteProgramado>('activo', (r) => r.activo, ['Activo', 'Inactivo'], { width: 90 }),
    columnaAcciones(
      (row) => [
        <AccionFila
          key="enviar"
          icon={enviando === row.id ? <CircularProgress size={18} /> : <SendIcon />}
          label={`Enviar ahora ${row.nombre}`}
          title="Enviar ahora"
          disabled={enviando !== null}
          onClick={() => void enviarAhora(row)}
        />,
        <AccionFila
          key="envios"
          icon={<HistoryIcon />}
          label={`Ver envíos de ${row.nombre}`}
          title="Ver envíos"
          onClick={() => verEnvios(row.id)}
        />,
        crud.accionEditar(row, row.nombre, { title: 'Editar' }),
        crud.accionEliminar(row, row.nombre, { title: 'Eliminar' }),
      ],
      { width: 150 },
    ),
  ];

  const tipo = (e: EjecucionReporte) =>
    e.programada_para ? formatFechaHora(e.programada_para, timeZone) : 'Envío manual';
  const nombreReporte = (e: EjecucionReporte) =>
    (e.reporte_id && nombres.get(e.reporte_id)) || 'Reporte eliminado';

  const columnasLog: ColumnaConfig<EjecucionReporte>[] = [
    {
      field: 'creada',
      headerName: 'Fecha',
      width: 140,
      flex: narrow ? 1 : undefined,
      valueGetter: (v: string) => formatFechaHora(v, timeZone),
      renderCell: narrow
        ? ({ row, value }: { row: EjecucionReporte; value?: string }) => (
            <CeldaLineas
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
    columnaChip<EjecucionReporte>(
      'estado',
      'Estado',
      (e) => ESTADO_EJECUCION_LABEL[e.estado] ?? e.estado,
      (e) => ({ color: ESTADO_EJECUCION_COLOR[e.estado] ?? 'default' }),
      { width: 105 },
    ),
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
      renderCell: ({ value }: { value?: string | null }) => <CeldaTexto value={value} />,
    },
    {
      field: 'error',
      headerName: 'Error',
      flex: 1.5,
      minWidth: 160,
      sortable: false,
      renderCell: ({ value }: { value?: string | null }) => <CeldaTexto value={value} error />,
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Encabezado titulo="Reportes programados" nuevo="Nuevo reporte" onNuevo={crud.nuevo} />
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
        {...crud.grid}
        columns={columns}
        hiddenOnPhone={['pantalla', 'periodicidad', 'hora', 'destinatarios', 'proximo_envio', 'activo']}
        sinFilas="No hay reportes programados"
        atenuada={reporteInactivo}
        initialState={{ sorting: { sortModel: [{ field: 'nombre', sort: 'asc' }] } }}
      />

      <Box ref={historial} sx={{ display: 'grid', gap: 2, minWidth: 0, scrollMarginTop: 80 }}>
        <Encabezado titulo="Historial de envíos">
          <Selector
            label="Reporte"
            value={filtro}
            opciones={[
              ['', 'Todos los reportes'],
              ...(reportes.data ?? []).map((r) => [r.id, r.nombre] as const),
            ]}
            onChange={setFiltro}
            sx={{ minWidth: 200, maxWidth: '100%' }}
          />
        </Encabezado>
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
          sinFilas="No hay envíos registrados"
          initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
        />
      </Box>

      <ReporteDialog {...crud.dialogo} reporte={crud.editado} />
      {crud.confirmacion}
    </Box>
  );
}
