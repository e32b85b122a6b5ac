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
import { formatNumber } from '@planta/charts/format';
import { MESES } from '@planta/domain';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ErrorDeCampo } from '../../../components/config/guardar.ts';
import type { Plan } from '../api/config-planificacion.ts';
import { planFormSchema, type PlanFormValues } from '../utils/plan-form.ts';

export interface PlanDialogProps {
  open: boolean;
  /** The plan to edit (as reloaded after a conflict), or null for a new one. */
  plan: Plan | null;
  variables: readonly { id: string; nombre: string }[];
  /** Default year of a new plan. */
  anio: number;
  errorServidor: ErrorDeCampo | null;
  guardando: boolean;
  onClose: () => void;
  onSubmit: (values: PlanFormValues) => Promise<void>;
}

/**
 * A stored figure as the field shows it, in es-PE (1,234.5), every decimal kept; never exactly
 * three decimals, which the field would read as thousands.
 */
const cifra = (n: number) => {
  const decimales = Number.isInteger(n) ? 0 : Math.min(6, String(n).split('.')[1]?.length ?? 2);
  return formatNumber(n, decimales === 3 ? 4 : decimales);
};

function defaults(plan: Plan | null, anio: number): PlanFormValues {
  if (!plan) return { variable_id: '', anio: String(anio), mes: '', negociado: '', aop: '' };
  return {
    variable_id: plan.variable.id,
    anio: plan.fecha.slice(0, 4),
    mes: String(Number(plan.fecha.slice(5, 7))),
    negociado: cifra(plan.negociado),
    aop: cifra(plan.aop),
  };
}

/** The form of one month's plan: variable, month and year, negociado and AOP. */
export function PlanDialog({
  open,
  plan,
  variables,
  anio,
  errorServidor,
  guardando,
  onClose,
  onSubmit,
}: PlanDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PlanFormValues>({ resolver: zodResolver(planFormSchema), values: defaults(plan, anio) });

  useEffect(() => {
    if (!errorServidor) return;
    const field = errorServidor.field === 'fecha' ? 'mes' : errorServidor.field;
    if (['variable_id', 'mes', 'negociado', 'aop'].includes(field)) {
      setError(field as keyof PlanFormValues, { type: 'server', message: errorServidor.message });
    }
  }, [errorServidor, setError]);

  const titulo = plan ? 'Editar planificación' : 'Nueva planificación';
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
          {errorServidor?.field === 'version' && <Alert severity="warning">{errorServidor.message}</Alert>}
          <Controller
            name="variable_id"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label="Variable"
                {...field}
                error={!!errors.variable_id}
                helperText={errors.variable_id?.message}
                slotProps={{ select: { SelectDisplayProps: { 'aria-label': 'Variable' } as object } }}
              >
                {variables.map((v) => (
                  <MenuItem key={v.id} value={v.id}>
                    {v.nombre}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
            <Controller
              name="mes"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  label="Mes"
                  {...field}
                  error={!!errors.mes}
                  helperText={errors.mes?.message}
                  slotProps={{ select: { SelectDisplayProps: { 'aria-label': 'Mes' } as object } }}
                >
                  {MESES.map((m, i) => (
                    <MenuItem key={m} value={String(i + 1)}>
                      {m}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label="Año"
              {...register('anio')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              error={!!errors.anio}
              helperText={errors.anio?.message}
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label="Negociado"
              {...register('negociado')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={!!errors.negociado}
              helperText={errors.negociado?.message}
            />
            <TextField
              label="AOP"
              {...register('aop')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={!!errors.aop}
              helperText={errors.aop?.message ?? 'Admite 1,234.5 o 1.234,5'}
            />
          </Box>
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
