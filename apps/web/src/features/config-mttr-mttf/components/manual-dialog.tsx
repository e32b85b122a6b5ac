import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
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
import { DateField } from '@mui/x-date-pickers/DateField';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ErrorDeCampo } from '../../../components/config/guardar.ts';
import { DATE_FORMAT } from '../../../components/dates/production-date-picker.tsx';
import type { MttrMttfManualCamposFragment } from '../api/paros.generated.ts';
import { manualFormSchema, type ManualFormValues } from '../utils/paro-form.ts';

export interface ManualDialogProps {
  open: boolean;
  /** The entry to edit, or null for a new one. */
  manual: MttrMttfManualCamposFragment | null;
  lineas: readonly { id: string; nombre: string }[];
  /** The current production day (no later day may be entered). */
  hoy: string;
  errorServidor: ErrorDeCampo | null;
  guardando: boolean;
  onClose: () => void;
  onSubmit: (values: ManualFormValues) => Promise<void>;
}

function defaults(manual: MttrMttfManualCamposFragment | null, hoy: string): ManualFormValues {
  return {
    linea_id: manual?.linea_id ?? '',
    fecha: dayjs(manual?.fecha ?? hoy),
    mttr: manual ? String(manual.mttr) : '',
    mttf: manual ? String(manual.mttf) : '',
  };
}

/** MTTR and MTTF of a line on a production day, entered by hand (minutes). */
export function ManualDialog({
  open,
  manual,
  lineas,
  hoy,
  errorServidor,
  guardando,
  onClose,
  onSubmit,
}: ManualDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ManualFormValues>({ resolver: zodResolver(manualFormSchema), values: defaults(manual, hoy) });

  useEffect(() => {
    const field = (['linea_id', 'fecha', 'mttr', 'mttf'] as const).find((c) => c === errorServidor?.field);
    if (errorServidor && field) setError(field, { type: 'server', message: errorServidor.message });
  }, [errorServidor, setError]);

  const titulo = manual ? 'Editar MTTR/MTTF manual' : 'Nuevo MTTR/MTTF manual';
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
          <Alert severity="info">
            Solo para una línea y día sin datos automáticos (sin fallas registradas). Las derivaciones no
            sobrescriben estos valores; al quitarlos, el día se calcula otra vez de sus paros.
          </Alert>
          <Controller
            name="linea_id"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label="Línea"
                {...field}
                disabled={!!manual}
                error={!!errors.linea_id}
                helperText={errors.linea_id?.message}
                slotProps={{ select: { SelectDisplayProps: { 'aria-label': 'Línea' } as object } }}
              >
                {lineas.map((l) => (
                  <MenuItem key={l.id} value={l.id}>
                    {l.nombre}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="fecha"
            control={control}
            render={({ field }) => (
              <Box data-testid="manual-fecha" sx={{ display: 'grid' }}>
                <DateField
                  label="Día de producción"
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                  onBlur={field.onBlur}
                  format={DATE_FORMAT}
                  disabled={!!manual}
                  maxDate={dayjs(hoy)}
                  slotProps={{ textField: { error: !!errors.fecha, helperText: errors.fecha?.message } }}
                />
              </Box>
            )}
          />
          <TextField
            label="MTTR (min)"
            {...register('mttr')}
            inputMode="decimal"
            error={!!errors.mttr}
            helperText={errors.mttr?.message}
          />
          <TextField
            label="MTTF (min)"
            {...register('mttf')}
            inputMode="decimal"
            error={!!errors.mttf}
            helperText={errors.mttf?.message}
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
