import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { notify } from '../../../lib/notify.tsx';
import {
  asignarMotivoParo,
  type CategoriaParo,
  dividirParo,
  type ParosTurno,
  parosTurnoKey,
} from '../api/paros.ts';
import { esErrorDeRed } from '../hooks/use-pendientes.ts';
import { corteSugerido, fusionarParo, instanteDeCorte, minutosTexto, type Paro } from '../utils/paros.ts';
import type { Pendiente } from '../utils/pendientes.ts';
import { rangoParo } from './paro-fila.tsx';

export interface ParoDialogProps {
  paro: Paro;
  turno: Pick<ParosTurno, 'linea_id' | 'fecha' | 'turno'>;
  /** The reasons this line may take, by category. */
  categorias: CategoriaParo[];
  pendiente: Pendiente | undefined;
  timeZone: string;
  ahora: number;
  onGuardarPendiente: (p: Pendiente) => void;
  onClose: () => void;
}

type Motivo = CategoriaParo['motivos'][number];

const MAX_COMENTARIO = 500;
const SIN_CONEXION = 'Sin conexión: el motivo se enviará al volver la conexión';

/**
 * A stop's sheet (full screen on a phone): the categories as big buttons, then that category's
 * reasons; a tap on a reason saves it at once with the stop's version (no confirmation), with the
 * optional comment. Without a connection the reason is kept and sent later. "Dividir paro" cuts
 * the stop at a time inside it.
 */
export function ParoDialog({
  paro,
  turno,
  categorias,
  pendiente,
  timeZone,
  ahora,
  onGuardarPendiente,
  onClose,
}: ParoDialogProps) {
  const theme = useTheme();
  const telefono = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const tituloId = useId();
  const [categoriaId, setCategoriaId] = useState<string | null>(null);
  const [comentario, setComentario] = useState(pendiente?.comentario ?? paro.comentario ?? '');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [dividiendo, setDividiendo] = useState(false);
  const [corte, setCorte] = useState(() => corteSugerido(paro, timeZone, ahora));
  const [errorCorte, setErrorCorte] = useState<string | null>(null);

  const categoria = categorias.find((c) => c.id === categoriaId);
  const comentarioValido = comentario.length <= MAX_COMENTARIO;
  const key = parosTurnoKey(turno.linea_id);
  const actualizar = (paros: Paro[]) => {
    queryClient.setQueryData<ParosTurno>(key, (actual) =>
      actual ? { ...actual, items: paros.reduce(fusionarParo, actual.items) } : actual,
    );
    void queryClient.invalidateQueries({ queryKey: key });
  };

  const guardarSinConexion = (motivo: Motivo, texto: string | null) => {
    onGuardarPendiente({
      paro_id: paro.id,
      motivo_id: motivo.id,
      motivo_nombre: motivo.nombre,
      comentario: texto,
      version: paro.version,
      linea_id: turno.linea_id,
      fecha: turno.fecha,
      turno: turno.turno,
    });
    notify('info', SIN_CONEXION, motivo.nombre);
    onClose();
  };

  const handleMotivo = async (motivo: Motivo) => {
    if (!comentarioValido || enviando) return;
    const texto = comentario.trim() === '' ? null : comentario.trim();
    setError(null);
    if (!navigator.onLine) {
      guardarSinConexion(motivo, texto);
      return;
    }
    setEnviando(true);
    try {
      const guardado = await asignarMotivoParo({
        paro_id: paro.id,
        motivo_id: motivo.id,
        comentario: texto,
        version: paro.version,
      });
      actualizar([guardado]);
      notify('positive', 'Motivo guardado', motivo.nombre);
      onClose();
    } catch (e) {
      if (esErrorDeRed(e)) {
        guardarSinConexion(motivo, texto);
        return;
      }
      setError(e instanceof Error ? e.message : 'No se pudo guardar el motivo');
      void queryClient.invalidateQueries({ queryKey: key });
    } finally {
      setEnviando(false);
    }
  };

  const handleDividir = async () => {
    const resultado = instanteDeCorte(corte, paro, timeZone, ahora);
    if ('error' in resultado) {
      setErrorCorte(resultado.error);
      return;
    }
    setErrorCorte(null);
    setError(null);
    if (!navigator.onLine) {
      setError('Sin conexión: el paro se puede dividir cuando vuelva la conexión');
      return;
    }
    setEnviando(true);
    try {
      const partes = await dividirParo({
        paro_id: paro.id,
        en: resultado.en.toISOString(),
        version: paro.version,
      });
      actualizar(partes);
      notify('positive', 'Paro dividido', `Corte a las ${corte}`);
      onClose();
    } catch (e) {
      setError(
        esErrorDeRed(e)
          ? 'Sin conexión: el paro se puede dividir cuando vuelva la conexión'
          : e instanceof Error
            ? e.message
            : 'No se pudo dividir el paro',
      );
      void queryClient.invalidateQueries({ queryKey: key });
    } finally {
      setEnviando(false);
    }
  };

  const motivoActual = pendiente?.motivo_nombre ?? paro.motivo?.nombre;
  const botonGrande = {
    minHeight: 56,
    justifyContent: 'flex-start',
    textAlign: 'left',
    textTransform: 'none',
  } as const;

  return (
    <Dialog open onClose={onClose} fullScreen={telefono} fullWidth maxWidth="sm" aria-labelledby={tituloId}>
      <DialogTitle id={tituloId} sx={{ pr: 7 }}>
        Paro {rangoParo(paro, timeZone)}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {paro.fin ? minutosTexto(paro.minutos) : 'En curso'} · {motivoActual ?? 'Sin motivo'}
        </Typography>
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        {pendiente && (
          <Chip
            color="info"
            label={`Pendiente de envío: ${pendiente.motivo_nombre}`}
            sx={{ justifySelf: 'start' }}
          />
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}

        <Box component="section" aria-label={categoria ? `Motivos de ${categoria.nombre}` : 'Categorías'}>
          {categoria ? (
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
              <IconButton
                aria-label="Volver a las categorías"
                onClick={() => setCategoriaId(null)}
                edge="start"
              >
                <ArrowBackIcon />
              </IconButton>
              <Typography variant="subtitle1" component="h3">
                {categoria.nombre}: elija el motivo
              </Typography>
            </Stack>
          ) : (
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              Elija la categoría
            </Typography>
          )}
          {categorias.length === 0 ? (
            <Alert severity="info">No hay motivos de paro para esta línea.</Alert>
          ) : (
            <Box
              sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}
            >
              {categoria
                ? categoria.motivos.map((m) => (
                    <Button
                      key={m.id}
                      variant={paro.motivo?.id === m.id ? 'contained' : 'outlined'}
                      size="large"
                      disabled={enviando || !comentarioValido}
                      onClick={() => void handleMotivo(m)}
                      sx={botonGrande}
                    >
                      {m.nombre}
                    </Button>
                  ))
                : categorias.map((c) => (
                    <Button
                      key={c.id}
                      variant="outlined"
                      size="large"
                      color="inherit"
                      onClick={() => setCategoriaId(c.id)}
                      sx={botonGrande}
                    >
                      {c.nombre}
                    </Button>
                  ))}
            </Box>
          )}
        </Box>

        <TextField
          label="Comentario"
          value={comentario}
          onChange={(e) => setComentario(e.target.value)}
          multiline
          maxRows={4}
          error={!comentarioValido}
          helperText={
            comentarioValido
              ? 'Opcional: se guarda con el motivo que elija'
              : `Máximo ${MAX_COMENTARIO} caracteres (${comentario.length})`
          }
        />

        <Divider />
        {dividiendo ? (
          <Box component="section" aria-label="Dividir paro" sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="body2" color="text.secondary">
              La primera parte conserva el motivo; la segunda queda sin motivo.
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="Hora de corte"
                type="time"
                value={corte}
                onChange={(e) => setCorte(e.target.value)}
                error={Boolean(errorCorte)}
                helperText={
                  errorCorte ?? `Entre ${rangoParo(paro, timeZone).replace(' – En curso', ' y ahora')}`
                }
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
                sx={{ flex: 1 }}
              />
              <Button
                variant="contained"
                size="large"
                onClick={() => void handleDividir()}
                disabled={enviando}
                sx={{ minHeight: 56 }}
              >
                Dividir
              </Button>
            </Stack>
          </Box>
        ) : (
          <Button
            variant="text"
            size="large"
            startIcon={<ContentCutIcon />}
            onClick={() => setDividiendo(true)}
            sx={{ justifySelf: 'start', minHeight: 48 }}
          >
            Dividir paro
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
