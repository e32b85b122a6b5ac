import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
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
import { canAccess } from '@planta/domain';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ErrorDeCampo } from '../../../components/config/guardar.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import type { ReporteProgramado } from '../api/reportes-programados.ts';
import {
  agregarCorreos,
  CAMPO_REPORTE,
  correoValido,
  DIA_SEMANA_LABEL,
  PANTALLAS_CON_REPORTE,
  PERIODICIDAD_LABEL,
  reporteDefaults,
  reporteFormSchema,
  type ReporteFormValues,
} from '../utils/reporte-form.ts';

export interface ReporteDialogProps {
  open: boolean;
  /** null: a new report; else the report as last loaded (its version is the one saved against). */
  reporte: ReporteProgramado | null;
  guardando: boolean;
  /** The server's error on one field, shown under it. */
  errorServidor: ErrorDeCampo | null;
  /** The server's error on no field in particular, shown above the form. */
  errorGeneral: string | null;
  onClose: () => void;
  onSubmit: (values: ReporteFormValues) => Promise<void>;
}

const SEPARADOR = /[\s,;]/;

/** Create or edit a scheduled report (react-hook-form + zod). */
export function ReporteDialog({
  open,
  reporte,
  guardando,
  errorServidor,
  errorGeneral,
  onClose,
  onSubmit,
}: ReporteDialogProps) {
  const { user } = useAuth();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReporteFormValues>({
    resolver: zodResolver(reporteFormSchema),
    // A reloaded report (after a conflict) replaces the form's values.
    values: reporteDefaults(reporte),
  });
  const [texto, setTexto] = useState('');

  useEffect(() => {
    const campo = errorServidor && CAMPO_REPORTE[errorServidor.field];
    if (errorServidor && campo) setError(campo, { message: errorServidor.message });
  }, [errorServidor, setError]);
  // Another report, or the dialog opened again: nothing half-typed from before.
  const [vista, setVista] = useState({ reporte, open });
  if (vista.reporte !== reporte || vista.open !== open) {
    setVista({ reporte, open });
    setTexto('');
  }

  const periodicidad = useWatch({ control, name: 'periodicidad' });
  const titulo = reporte ? `Editar reporte programado: ${reporte.nombre}` : 'Nuevo reporte programado';
  // The report's own screen stays selectable even if it lost its report since.
  // Only the screens this user may open: the server refuses a report of any other (it would be
  // rendered with this user's permissions). The report's own screen stays, so it can be seen.
  const permitidas = PANTALLAS_CON_REPORTE.filter(
    (p) => canAccess(user, p.access) || p.ruta === reporte?.ruta,
  );
  const pantallas =
    reporte && !permitidas.some((p) => p.ruta === reporte.ruta)
      ? [{ ruta: reporte.ruta, titulo: reporte.pantalla }, ...permitidas]
      : permitidas;

  const select = (
    name: 'ruta' | 'periodicidad' | 'dia_semana' | 'dia_mes',
    label: string,
    items: [string, string][],
    extra: { helper?: string; full?: boolean } = {},
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          label={label}
          required
          {...field}
          error={Boolean(errors[name])}
          helperText={errors[name]?.message ?? extra.helper}
          sx={extra.full ? { gridColumn: '1 / -1' } : undefined}
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
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
            pt: '8px !important',
          }}
        >
          {errorGeneral && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {errorGeneral}
            </Alert>
          )}
          <TextField
            label="Nombre"
            {...register('nombre')}
            error={Boolean(errors.nombre)}
            helperText={errors.nombre?.message}
            required
            sx={{ gridColumn: '1 / -1' }}
          />
          {select(
            'ruta',
            'Pantalla',
            pantallas.map((p): [string, string] => [p.ruta, p.titulo]),
            { helper: 'Se envía el PDF del botón «Reporte» de esa pantalla', full: true },
          )}
          {select('periodicidad', 'Periodicidad', Object.entries(PERIODICIDAD_LABEL))}
          <TextField
            label="Hora (HH:MM)"
            placeholder="08:05"
            inputMode="numeric"
            autoComplete="off"
            {...register('hora')}
            error={Boolean(errors.hora)}
            helperText={errors.hora?.message ?? 'Hora de la planta'}
            required
          />
          {periodicidad === 'SEMANAL' &&
            select(
              'dia_semana',
              'Día de la semana',
              Object.entries(DIA_SEMANA_LABEL).map(([n, dia]): [string, string] => [n, dia]),
            )}
          {periodicidad === 'MENSUAL' &&
            select(
              'dia_mes',
              'Día del mes',
              Array.from({ length: 28 }, (_v, i): [string, string] => [String(i + 1), String(i + 1)]),
              { helper: 'Del 1 al 28' },
            )}
          <Controller
            name="destinatarios"
            control={control}
            render={({ field }) => (
              <Autocomplete<string, true, false, true>
                multiple
                freeSolo
                autoSelect
                options={[]}
                value={field.value}
                inputValue={texto}
                onInputChange={(_e, nuevo, reason) => {
                  if (reason !== 'input') return setTexto(reason === 'reset' ? '' : nuevo);
                  // A separator typed: what is before it becomes chips, the rest stays typed.
                  if (SEPARADOR.test(nuevo)) {
                    const corte = Math.max(
                      nuevo.lastIndexOf(' '),
                      nuevo.lastIndexOf(','),
                      nuevo.lastIndexOf(';'),
                      nuevo.lastIndexOf('\n'),
                    );
                    field.onChange(agregarCorreos(field.value, nuevo.slice(0, corte)));
                    setTexto(nuevo.slice(corte + 1));
                  } else setTexto(nuevo);
                }}
                onChange={(_e, nuevos) => {
                  field.onChange(agregarCorreos([], nuevos.join(' ')));
                  setTexto('');
                }}
                onBlur={field.onBlur}
                renderValue={(valores, getItemProps) =>
                  valores.map((correo, index) => {
                    const { key, ...props } = getItemProps({ index });
                    const valido = correoValido(correo);
                    return (
                      <Chip
                        key={key}
                        {...props}
                        size="small"
                        label={correo}
                        color={valido ? 'default' : 'error'}
                        variant={valido ? 'filled' : 'outlined'}
                        title={valido ? undefined : 'Dirección de correo no válida'}
                      />
                    );
                  })
                }
                sx={{ gridColumn: '1 / -1' }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Destinatarios"
                    required
                    inputRef={field.ref}
                    onPaste={(e) => {
                      const pegado = e.clipboardData.getData('text');
                      if (!SEPARADOR.test(pegado.trim())) return;
                      e.preventDefault();
                      field.onChange(agregarCorreos(field.value, `${texto} ${pegado}`));
                      setTexto('');
                    }}
                    error={Boolean(errors.destinatarios)}
                    helperText={
                      errors.destinatarios?.message ??
                      'Escriba o pegue las direcciones separadas por comas, espacios o saltos de línea'
                    }
                  />
                )}
              />
            )}
          />
          <FormControlLabel
            sx={{ gridColumn: '1 / -1' }}
            control={
              <Controller
                name="activo"
                control={control}
                render={({ field }) => (
                  <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                )}
              />
            }
            label="Reporte activo"
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
