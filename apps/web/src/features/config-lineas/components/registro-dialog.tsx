import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ErrorDeCampo } from '../../../components/config/guardar.ts';
import { type Campo, esquema, type Valores } from '../utils/formulario.ts';

export interface RegistroDialogProps {
  open: boolean;
  titulo: string;
  campos: readonly Campo[];
  /** The record as last loaded (a reload after a conflict replaces the form's values). */
  valores: Valores;
  guardando: boolean;
  errorServidor: ErrorDeCampo | null;
  /** Read-only values computed from the form (e.g. the factor), shown under the fields. */
  calculado?: (valores: Valores) => ReactNode;
  onClose: () => void;
  onSubmit: (valores: Valores) => Promise<void>;
}

/** Create or edit one record of the screen's tables (react-hook-form + zod), Spanish messages. */
export function RegistroDialog({
  open,
  titulo,
  campos,
  valores,
  guardando,
  errorServidor,
  calculado,
  onClose,
  onSubmit,
}: RegistroDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const schema = useMemo(() => esquema(campos), [campos]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Valores>({ resolver: zodResolver(schema), values: valores });
  const actuales = useWatch({ control }) as Valores;
  useEffect(() => {
    if (errorServidor && campos.some((c) => c.name === errorServidor.field)) {
      setError(errorServidor.field, { message: errorServidor.message });
    }
  }, [errorServidor, campos, setError]);

  return (
    <Dialog
      open={open}
      onClose={guardando ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={titulo}>
        <DialogTitle>{titulo}</DialogTitle>
        <DialogContent
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            pt: '8px !important',
          }}
        >
          {campos.map((c) => (
            <Controller
              key={c.name}
              name={c.name}
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  value={field.value ?? ''}
                  label={c.label}
                  select={c.tipo === 'select'}
                  required={c.requerido}
                  type={c.tipo === 'color' ? 'color' : 'text'}
                  inputMode={c.tipo === 'numero' ? 'decimal' : c.tipo === 'entero' ? 'numeric' : undefined}
                  error={Boolean(errors[c.name])}
                  helperText={errors[c.name]?.message ?? c.ayuda}
                  sx={c.ancho ? { gridColumn: '1 / -1' } : undefined}
                >
                  {c.opciones?.map(([value, text]) => (
                    <MenuItem key={value} value={value}>
                      {text}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ))}
          {calculado && <Box sx={{ gridColumn: '1 / -1' }}>{calculado(actuales)}</Box>}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={guardando}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={guardando}>
            {guardando ? 'Guardando...' : 'Guardar'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
