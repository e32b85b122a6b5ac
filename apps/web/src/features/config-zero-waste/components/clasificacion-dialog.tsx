import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import type { ErrorDeCampo } from '../../../components/config/guardar.ts';
import type { ClasificacionCamposFragment } from '../api/config-zero-waste.generated.ts';

const schema = z.object({
  descripcion: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'La descripción es obligatoria'),
      z.maxLength(120, 'Máximo 120 caracteres'),
    ),
  aprovechable: z.boolean(),
});
export type ClasificacionFormValues = z.infer<typeof schema>;

export interface ClasificacionDialogProps {
  open: boolean;
  clasificacion: ClasificacionCamposFragment | null;
  errorServidor: ErrorDeCampo | null;
  guardando: boolean;
  onClose: () => void;
  onSubmit: (values: ClasificacionFormValues) => Promise<void>;
}

/** A waste classification: its name and whether its waste is diverted (aprovechable). */
export function ClasificacionDialog({
  open,
  clasificacion,
  errorServidor,
  guardando,
  onClose,
  onSubmit,
}: ClasificacionDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ClasificacionFormValues>({
    resolver: zodResolver(schema),
    values: {
      descripcion: clasificacion?.descripcion ?? '',
      aprovechable: clasificacion?.aprovechable ?? true,
    },
  });
  useEffect(() => {
    if (errorServidor?.field === 'descripcion') {
      setError('descripcion', { type: 'server', message: errorServidor.message });
    }
  }, [errorServidor, setError]);

  const titulo = clasificacion ? 'Editar clasificación' : 'Nueva clasificación';
  return (
    <Dialog
      open={open}
      onClose={guardando ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="xs"
    >
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={titulo}>
        <DialogTitle>{titulo}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label="Descripción"
            {...register('descripcion')}
            error={!!errors.descripcion}
            helperText={errors.descripcion?.message}
          />
          <Controller
            name="aprovechable"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                }
                label="Aprovechable (reciclado, reutilizado, compostado o coprocesado)"
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={guardando}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={guardando}>
            Guardar
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
