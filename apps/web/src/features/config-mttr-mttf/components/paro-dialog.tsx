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
import { DateTimeField } from '@mui/x-date-pickers/DateTimeField';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ErrorDeCampo } from '../../../components/config/guardar.ts';
import type { ParoCamposFragment } from '../api/paros.generated.ts';
import {
  aPlanta,
  inicioDelDia,
  paroFormSchema,
  type ParoFormValues,
  TIPOS_PARO,
} from '../utils/paro-form.ts';

export interface ParoDialogProps {
  open: boolean;
  /** The paro to edit, or null for a new one. */
  paro: ParoCamposFragment | null;
  lineas: readonly { id: string; nombre: string }[];
  timeZone: string;
  /** The production day a new paro starts on (08:00 of it). */
  dia: string;
  /** A field error of the server's answer, shown under that field. */
  errorServidor: ErrorDeCampo | null;
  guardando: boolean;
  onClose: () => void;
  onSubmit: (values: ParoFormValues) => Promise<void>;
}

const CAMPOS = ['linea_id', 'tipo', 'inicio', 'fin', 'equipo', 'causa'] as const;
const FORMATO = 'DD/MM/YYYY HH:mm';

function defaults(paro: ParoCamposFragment | null, timeZone: string, dia: string): ParoFormValues {
  if (!paro) {
    return {
      linea_id: '',
      tipo: 'FALLA',
      inicio: inicioDelDia(dia, timeZone),
      fin: null,
      equipo: '',
      causa: '',
    };
  }
  return {
    linea_id: paro.linea_id,
    tipo: paro.tipo,
    inicio: aPlanta(paro.inicio, timeZone),
    fin: aPlanta(paro.fin, timeZone),
    equipo: paro.equipo,
    causa: paro.causa,
  };
}

/** The form of a paro: line, kind, start and end (plant time), equipment and cause. */
export function ParoDialog({
  open,
  paro,
  lineas,
  timeZone,
  dia,
  errorServidor,
  guardando,
  onClose,
  onSubmit,
}: ParoDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ParoFormValues>({
    resolver: zodResolver(paroFormSchema(timeZone)),
    values: defaults(paro, timeZone, dia),
  });

  useEffect(() => {
    const field = CAMPOS.find((c) => c === errorServidor?.field);
    if (errorServidor && field) setError(field, { type: 'server', message: errorServidor.message });
  }, [errorServidor, setError]);

  const titulo = paro ? 'Editar paro' : 'Nuevo paro';
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
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Controller
              name="linea_id"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  label="Línea"
                  {...field}
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
              name="tipo"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  label="Tipo"
                  {...field}
                  error={!!errors.tipo}
                  helperText={errors.tipo?.message}
                  slotProps={{ select: { SelectDisplayProps: { 'aria-label': 'Tipo' } as object } }}
                >
                  {TIPOS_PARO.map((t) => (
                    <MenuItem key={t.value} value={t.value}>
                      {t.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {(['inicio', 'fin'] as const).map((name) => (
              <Controller
                key={name}
                name={name}
                control={control}
                render={({ field }) => (
                  <Box data-testid={`paro-${name}`} sx={{ display: 'grid' }}>
                    <DateTimeField
                      label={name === 'inicio' ? 'Inicio' : 'Fin'}
                      value={field.value}
                      onChange={(v) => field.onChange(v)}
                      onBlur={field.onBlur}
                      format={FORMATO}
                      ampm={false}
                      slotProps={{
                        textField: {
                          error: !!errors[name],
                          helperText: errors[name]?.message ?? 'Hora de planta (DD/MM/AAAA HH:mm)',
                        },
                      }}
                    />
                  </Box>
                )}
              />
            ))}
          </Box>
          <TextField
            label="Equipo"
            {...register('equipo')}
            error={!!errors.equipo}
            helperText={errors.equipo?.message}
          />
          <TextField
            label="Causa"
            {...register('causa')}
            error={!!errors.causa}
            helperText={errors.causa?.message}
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
