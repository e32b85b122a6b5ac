import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/graphql-client.ts';
import { notify } from '../../lib/notify.tsx';
import { reconocerAlarma } from './reconocer-alarma.ts';

export const MAX_COMENTARIO = 500;

/** The comment's error in Spanish, or null when it may be sent (1–500 characters). */
export function errorComentario(texto: string): string | null {
  const t = texto.trim();
  if (t === '') return 'El comentario es obligatorio';
  if (t.length > MAX_COMENTARIO) return `Máximo ${MAX_COMENTARIO} caracteres`;
  return null;
}

export interface ReconocerDialogProps {
  /** The alarm to acknowledge (null: closed). */
  alarma: { id: string; origen: string } | null;
  onClose: () => void;
  /** After a successful acknowledgement. */
  onDone?: () => void;
}

/** Acknowledges an active alarm with a required comment (who and when are recorded by the server). */
export function ReconocerDialog({ alarma, onClose, onDone }: ReconocerDialogProps) {
  const queryClient = useQueryClient();
  const [comentario, setComentario] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviado, setEnviado] = useState(false);
  const [guardando, setGuardando] = useState(false);
  const errorCampo = enviado ? errorComentario(comentario) : null;

  const cerrar = () => {
    setComentario('');
    setError(null);
    setEnviado(false);
    onClose();
  };

  const enviar = async () => {
    setEnviado(true);
    if (!alarma || errorComentario(comentario) || guardando) return;
    setGuardando(true);
    setError(null);
    try {
      await reconocerAlarma(alarma.id, comentario.trim());
      notify('positive', 'Alarma reconocida', alarma.origen);
      await queryClient.invalidateQueries({ queryKey: ['notificaciones'] });
      await queryClient.invalidateQueries({ queryKey: ['config-notificaciones', 'alarmas'] });
      onDone?.();
      cerrar();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      if (e instanceof ApiError && e.code === 'CONFLICT') {
        await queryClient.invalidateQueries({ queryKey: ['notificaciones'] });
        await queryClient.invalidateQueries({ queryKey: ['config-notificaciones', 'alarmas'] });
      }
    } finally {
      setGuardando(false);
    }
  };

  return (
    <Dialog open={alarma !== null} onClose={guardando ? undefined : cerrar} maxWidth="xs" fullWidth>
      <form
        noValidate
        aria-label="Reconocer alarma"
        onSubmit={(e) => {
          e.preventDefault();
          void enviar();
        }}
      >
        <DialogTitle>Reconocer alarma</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">{alarma?.origen}</Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="Comentario"
            value={comentario}
            onChange={(e) => setComentario(e.target.value)}
            required
            multiline
            minRows={3}
            autoFocus
            error={Boolean(errorCampo)}
            helperText={errorCampo ?? `${comentario.trim().length}/${MAX_COMENTARIO}: qué se hizo o por qué`}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={cerrar} disabled={guardando}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={guardando}>
            {guardando ? 'Guardando...' : 'Reconocer'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
