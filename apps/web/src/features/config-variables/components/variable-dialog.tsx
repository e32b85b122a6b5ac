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
  MenuItem,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ErrorDeCampo } from '../../../components/config/guardar.ts';
import type { VariableConfig } from '../api/config-variables.ts';
import { CAMPO_FORM, variableFormSchema, type VariableFormValues } from '../utils/variable-form-schema.ts';

export interface VariableDialogProps {
  open: boolean;
  /** null: a new variable; else the variable as last loaded (its version is the one saved against). */
  variable: VariableConfig | null;
  lineas: { id: string; nombre: string }[];
  guardando: boolean;
  /** The server's error on one field, shown under it. */
  errorServidor: ErrorDeCampo | null;
  onClose: () => void;
  onSubmit: (values: VariableFormValues) => Promise<void>;
}

const texto = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function defaults(v: VariableConfig | null): VariableFormValues {
  return {
    nombre: v?.nombre ?? '',
    nivel: v?.nivel ?? 'GLOBAL',
    linea_id: v?.linea?.id ?? '',
    area: v?.area ?? '',
    unidad: v?.unidad ?? '',
    minimo: texto(v?.minimo),
    maximo: texto(v?.maximo),
    decimales: String(v?.decimales ?? 2),
    agregacion: v?.agregacion ?? 'SUMA',
    fuente: v?.fuente ?? 'MANUAL',
    mayor_es_mejor: v?.mayor_es_mejor ?? true,
  };
}

export const AGREGACION_LABEL: Record<string, string> = {
  SUMA: 'Suma',
  PROMEDIO: 'Promedio',
  ULTIMO: 'Último valor',
};
export const FUENTE_LABEL: Record<string, string> = { MANUAL: 'Manual', OPC: 'OPC', CALCULADA: 'Calculada' };
export const NIVEL_LABEL: Record<string, string> = { GLOBAL: 'Global', INDIVIDUAL: 'Individual' };

/** Create or edit a variable (react-hook-form + zod); the OPC node id is shown, not edited. */
export function VariableDialog({
  open,
  variable,
  lineas,
  guardando,
  errorServidor,
  onClose,
  onSubmit,
}: VariableDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<VariableFormValues>({
    resolver: zodResolver(variableFormSchema),
    // A reloaded variable (after a conflict) replaces the form's values.
    values: defaults(variable),
  });
  useEffect(() => {
    const campo = errorServidor && CAMPO_FORM[errorServidor.field];
    if (errorServidor && campo) setError(campo, { message: errorServidor.message });
  }, [errorServidor, setError]);

  // The variable's own line stays selectable even when it is not a production line ('Planta').
  const opciones =
    variable?.linea && !lineas.some((l) => l.id === variable.linea?.id)
      ? [variable.linea, ...lineas]
      : lineas;
  const titulo = variable ? `Editar variable: ${variable.nombre}` : 'Nueva variable';
  const select = (
    name: 'nivel' | 'agregacion' | 'fuente' | 'linea_id',
    label: string,
    items: [string, string][],
    helper?: string,
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          label={label}
          {...field}
          error={Boolean(errors[name])}
          helperText={errors[name]?.message ?? helper}
          // '' is a real choice ('Sin línea'): shown, with the label above it.
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          {items.map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

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
          <TextField
            label="Nombre"
            {...register('nombre')}
            error={Boolean(errors.nombre)}
            helperText={errors.nombre?.message}
            required
            sx={{ gridColumn: '1 / -1' }}
          />
          {select('nivel', 'Nivel', Object.entries(NIVEL_LABEL), 'Individual: de una línea')}
          {select('linea_id', 'Línea', [
            ['', 'Sin línea'],
            ...opciones.map((l): [string, string] => [l.id, l.nombre]),
          ])}
          <TextField
            label="Área"
            {...register('area')}
            error={Boolean(errors.area)}
            helperText={errors.area?.message}
            required
          />
          <TextField
            label="Unidad"
            {...register('unidad')}
            error={Boolean(errors.unidad)}
            helperText={errors.unidad?.message}
            required
          />
          <TextField
            label="Mínimo"
            inputMode="decimal"
            {...register('minimo')}
            error={Boolean(errors.minimo)}
            helperText={errors.minimo?.message ?? 'Opcional'}
          />
          <TextField
            label="Máximo"
            inputMode="decimal"
            {...register('maximo')}
            error={Boolean(errors.maximo)}
            helperText={errors.maximo?.message ?? 'Opcional'}
          />
          <TextField
            label="Decimales"
            inputMode="numeric"
            {...register('decimales')}
            error={Boolean(errors.decimales)}
            helperText={errors.decimales?.message ?? 'De 0 a 6'}
            required
          />
          {select(
            'agregacion',
            'Agregación',
            Object.entries(AGREGACION_LABEL),
            'Cómo se obtienen mensual y anual',
          )}
          {select('fuente', 'Fuente', Object.entries(FUENTE_LABEL))}
          <TextField
            label="Nodo OPC"
            value={variable?.opc_node_id ?? ''}
            slotProps={{ input: { readOnly: true } }}
            helperText="Se asigna en Configuración de líneas"
            disabled={!variable?.opc_node_id}
          />
          <FormControlLabel
            sx={{ gridColumn: '1 / -1' }}
            control={
              <Controller
                name="mayor_es_mejor"
                control={control}
                render={({ field }) => (
                  <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                )}
              />
            }
            label="Un valor mayor es mejor (producción, rendimientos)"
          />
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
