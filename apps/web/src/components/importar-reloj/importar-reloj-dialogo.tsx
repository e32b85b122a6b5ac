import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatFecha, formatNumber } from '@planta/charts/format';
import { notify } from '../../lib/notify.tsx';
import { CLAVE_AREAS_RRHH } from './areas-rrhh.ts';
import {
  descargarPlantilla,
  ImportacionError,
  type ResultadoImportacion,
  subirMarcaciones,
} from './importar-reloj-api.ts';

type Fase = 'inicial' | 'analizando' | 'vista' | 'importando' | 'importado';

const ESTADOS: Record<string, string> = {
  PRESENTE: 'Presente',
  FALTA: 'Falta',
  VACACIONES: 'Vacaciones',
  INCAPACIDAD: 'Incapacidad',
  PERMISO: 'Permiso',
};

const n = (x: number) => formatNumber(x);

/** "1 nueva", "4 nuevas" */
const contar = (x: number, palabra: string) => `${n(x)} ${palabra}${x === 1 ? '' : 's'}`;

/** "4 nuevas, 1 actualizada, 10 sin cambios" */
function describirConteo(c: ResultadoImportacion['asistencias'], eliminadas?: number): string {
  const partes = [
    contar(c.nuevas, 'nueva'),
    contar(c.actualizadas, 'actualizada'),
    `${n(c.sin_cambios)} sin cambios`,
  ];
  if (eliminadas) partes.push(contar(eliminadas, 'eliminada'));
  return partes.join(', ');
}

/** The message after a successful import. */
function resumenImportacion(r: ResultadoImportacion): string {
  return `Asistencias: ${describirConteo(r.asistencias)}. Horas extra: ${describirConteo(
    r.horas_extra,
    r.horas_extra.eliminadas,
  )}. Empleados nuevos: ${n(r.empleados_nuevos)}.`;
}

function Conteos({ r }: { r: ResultadoImportacion }) {
  const items: [string, string][] = [
    ['Filas leídas', n(r.filas)],
    ['Empleados nuevos', n(r.empleados_nuevos)],
    ['Asistencias', describirConteo(r.asistencias)],
    ['Horas extra', describirConteo(r.horas_extra, r.horas_extra.eliminadas)],
  ];
  return (
    <Box
      component="dl"
      data-testid="importacion-conteos"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 0.75 },
      }}
    >
      {items.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            variant="body2"
            sx={{ color: 'text.secondary', mt: { xs: 0.75, sm: 0 } }}
          >
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function TablaErrores({ r }: { r: ResultadoImportacion }) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Alert severity="error" data-testid="importacion-errores-resumen">
        {r.total_errores === 1
          ? 'El archivo tiene 1 error.'
          : `El archivo tiene ${n(r.total_errores)} errores.`}{' '}
        Corríjalos en el archivo y vuelva a elegirlo: no se importará nada mientras haya errores.
        {r.total_errores > r.errores.length && ` Se muestran los primeros ${n(r.errores.length)}.`}
      </Alert>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label="Errores del archivo"
        sx={{ maxHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table size="small" stickyHeader aria-label="Errores del archivo" data-testid="importacion-errores">
          <TableHead>
            <TableRow>
              <TableCell>Fila</TableCell>
              <TableCell>Columna</TableCell>
              <TableCell>Error</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {r.errores.map((e, i) => (
              <TableRow key={`${e.fila}-${e.columna}-${i}`}>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{e.fila}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.columna}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>{e.mensaje}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function TablaMuestra({ r }: { r: ResultadoImportacion }) {
  if (r.muestra.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        Primeras filas del archivo
      </Typography>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label="Primeras filas del archivo"
        sx={{ maxHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table
          size="small"
          stickyHeader
          aria-label="Primeras filas del archivo"
          data-testid="importacion-muestra"
        >
          <TableHead>
            <TableRow>
              {[
                'Fila',
                'Código',
                'Nombre',
                'Área',
                'Fecha',
                'Asistencia',
                'Entrada',
                'Salida',
                'Horas extra',
                'Tipo',
              ].map((t) => (
                <TableCell key={t} sx={{ whiteSpace: 'nowrap' }}>
                  {t}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {r.muestra.map((f, i) => (
              <TableRow key={`${f.fila}-${i}`}>
                <TableCell>{f.fila}</TableCell>
                <TableCell>{f.codigo}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.nombre}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.area}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFecha(f.fecha)}</TableCell>
                <TableCell>{ESTADOS[f.estado] ?? f.estado}</TableCell>
                <TableCell>{f.entrada ?? '—'}</TableCell>
                <TableCell>{f.salida ?? '—'}</TableCell>
                <TableCell align="right">{f.horas === null ? '—' : formatNumber(f.horas, 2)}</TableCell>
                <TableCell>{f.tipo === null ? '—' : f.tipo === 'DOBLE' ? 'Doble' : 'Triple'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/**
 * The dialog of "Importar marcaciones": upload the time clock's export (.xlsx or CSV), see what it
 * would change and its per-row errors, then import it (only without errors; a double click imports
 * once). Calls `onImportado` after a successful import so the page refetches. Loaded apart, on the
 * button's first click (importar-reloj.tsx): a screen that shows the button does not download it.
 */
export function ImportarRelojDialogo({
  abierto,
  onCerrar,
  onImportado,
}: {
  abierto: boolean;
  onCerrar: () => void;
  onImportado?: () => void;
}) {
  const queryClient = useQueryClient();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const inputId = useId();
  const [fase, setFase] = useState<Fase>('inicial');
  const [archivo, setArchivo] = useState<File | null>(null);
  const [resultado, setResultado] = useState<ResultadoImportacion | null>(null);
  const [error, setError] = useState<string | null>(null);
  const enCurso = useRef(false);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const reiniciar = useCallback(() => {
    abort.current?.abort();
    enCurso.current = false;
    setFase('inicial');
    setArchivo(null);
    setResultado(null);
    setError(null);
    if (input.current) input.current.value = '';
  }, []);

  const cerrar = () => {
    if (fase === 'importando') return; // the import finishes (or fails) on the server anyway
    onCerrar();
    reiniciar();
  };

  const elegir = async (file: File | undefined) => {
    if (!file) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setArchivo(file);
    setResultado(null);
    setError(null);
    setFase('analizando');
    try {
      const r = await subirMarcaciones('vista-previa', file, controller.signal);
      if (controller.signal.aborted) return;
      setResultado(r);
      setFase('vista');
    } catch (e) {
      if (controller.signal.aborted) return;
      setError(e instanceof Error ? e.message : 'No se pudo leer el archivo');
      setFase('inicial');
    } finally {
      // The same file chosen again (after fixing it) must fire onChange again.
      if (input.current) input.current.value = '';
    }
  };

  const importar = async () => {
    if (!archivo || enCurso.current) return;
    enCurso.current = true;
    setFase('importando');
    setError(null);
    try {
      const r = await subirMarcaciones('importar', archivo);
      setResultado(r);
      setFase('importado');
      notify('positive', 'Marcaciones importadas', `${r.archivo}: ${contar(r.filas, 'fila')}`);
      void queryClient.invalidateQueries({ queryKey: CLAVE_AREAS_RRHH });
      onImportado?.();
    } catch (e) {
      if (e instanceof ImportacionError && e.resultado) setResultado(e.resultado);
      setError(e instanceof Error ? e.message : 'No se pudo importar el archivo');
      setFase('vista');
    } finally {
      enCurso.current = false;
    }
  };

  const puedeImportar =
    fase === 'vista' && resultado !== null && resultado.total_errores === 0 && resultado.filas > 0;
  const ocupado = fase === 'analizando' || fase === 'importando';

  return (
    <Dialog
      open={abierto}
      onClose={cerrar}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      data-testid="importar-marcaciones-dialogo"
    >
      <DialogTitle id={titleId}>Importar marcaciones del reloj</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Exportación del reloj en Excel (.xlsx) o CSV, hasta 10 MB y 50.000 filas, una fila por empleado y
          día. Código de ausencia: vacío o P presente, F falta, V vacaciones, I incapacidad, PE permiso. La
          plantilla explica todas las columnas. Verá lo que cambiaría antes de importar.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Typography variant="body2">Descargar la plantilla:</Typography>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => void descargarPlantilla('xlsx')}
            aria-label="Descargar plantilla Excel (.xlsx)"
          >
            Excel (.xlsx)
          </Link>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => void descargarPlantilla('csv')}
            aria-label="Descargar plantilla CSV"
          >
            CSV
          </Link>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
          <input
            ref={input}
            id={inputId}
            type="file"
            hidden
            accept=".xlsx,.csv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="importacion-archivo"
            onChange={(e) => void elegir(e.target.files?.[0])}
            disabled={fase === 'importando'}
          />
          <Button
            component="label"
            htmlFor={inputId}
            variant="contained"
            disabled={fase === 'importando'}
            startIcon={<UploadFileIcon />}
          >
            {archivo ? 'Elegir otro archivo' : 'Elegir archivo'}
          </Button>
          <Typography
            variant="body2"
            sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
            data-testid="importacion-nombre"
          >
            {archivo ? archivo.name : 'Ningún archivo elegido'}
          </Typography>
        </Box>
        {ocupado && (
          <Box sx={{ display: 'grid', gap: 0.5 }} role="status" aria-live="polite">
            <LinearProgress />
            <Typography variant="caption">
              {fase === 'analizando'
                ? 'Leyendo y validando el archivo…'
                : 'Importando… no cierre esta ventana.'}
            </Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" data-testid="importacion-error">
            {error}
          </Alert>
        )}
        {fase === 'importado' && resultado && (
          <Alert severity="success" data-testid="importacion-exito">
            Se importó «{resultado.archivo}» ({contar(resultado.filas, 'fila')}).{' '}
            {resumenImportacion(resultado)}
          </Alert>
        )}
        {resultado && (
          <>
            {fase !== 'importado' && (
              <Typography variant="subtitle2" component="h3">
                {resultado.total_errores === 0
                  ? 'Vista previa: lo que cambiará al importar'
                  : 'Vista previa de las filas sin errores'}
              </Typography>
            )}
            {fase !== 'importado' && <Conteos r={resultado} />}
            {resultado.total_errores > 0 && <TablaErrores r={resultado} />}
            {resultado.total_errores === 0 && resultado.filas === 0 && (
              <Alert severity="warning">El archivo no tiene filas de datos.</Alert>
            )}
            {fase !== 'importado' && <TablaMuestra r={resultado} />}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={cerrar} disabled={fase === 'importando'}>
          {fase === 'importado' ? 'Cerrar' : 'Cancelar'}
        </Button>
        {fase === 'importado' ? (
          <Button onClick={reiniciar}>Importar otro archivo</Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => void importar()}
            disabled={!puedeImportar}
            startIcon={
              fase === 'importando' ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
            }
            data-testid="importacion-confirmar"
          >
            {fase === 'importando' ? 'Importando…' : 'Importar'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
