import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ErrorDeCampo } from '../../../components/config/guardar.ts';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { formatInstante, formatMedida, SEVERIDAD_LABEL } from '../../../components/alarmas/etiquetas.ts';
import {
  previaRegla,
  type ReglaConfig,
  useLineasReglas,
  useUsuariosReglas,
  useVariablesReglas,
} from '../api/config-notificaciones.ts';
import type { PreviaReglaNotificacionQuery } from '../api/config-notificaciones.generated.ts';
import {
  CAMPO_REGLA,
  CONDICION_LABEL,
  FUENTE_REGLA_LABEL,
  reglaDefaults,
  reglaFormSchema,
  type ReglaFormValues,
  reglaInput,
  ROL_DESTINO_LABEL,
  usaUmbral,
} from '../utils/regla-form.ts';

type Previa = PreviaReglaNotificacionQuery['previaReglaNotificacion'];

export interface ReglaDialogProps {
  open: boolean;
  /** null: a new rule; else the rule as last loaded (its version is the one saved against). */
  regla: ReglaConfig | null;
  guardando: boolean;
  /** The server's error on one field, shown under it. */
  errorServidor: ErrorDeCampo | null;
  /** The server's error on no field in particular, shown above the form. */
  errorGeneral: string | null;
  onClose: () => void;
  onSubmit: (values: ReglaFormValues) => Promise<void>;
}

const veces = (n: number) => (n === 1 ? '1 vez' : `${n} veces`);
const dias = (n: number) => (n === 1 ? '1 día' : `${n} días`);

/** Create or edit a notification rule (react-hook-form + zod), with the 30-day preview before saving. */
export function ReglaDialog({
  open,
  regla,
  guardando,
  errorServidor,
  errorGeneral,
  onClose,
  onSubmit,
}: ReglaDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const variables = useVariablesReglas();
  const lineas = useLineasReglas();
  const usuarios = useUsuariosReglas(open);
  const timeZone = usePlantCalendar().timeZone;
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReglaFormValues>({
    resolver: zodResolver(reglaFormSchema),
    // A reloaded rule (after a conflict) replaces the form's values.
    values: reglaDefaults(regla),
  });
  const [previa, setPrevia] = useState<Previa | null>(null);
  const [errorPrevia, setErrorPrevia] = useState<string | null>(null);
  const [calculando, setCalculando] = useState(false);

  useEffect(() => {
    const campo = errorServidor && CAMPO_REGLA[errorServidor.field];
    if (errorServidor && campo) setError(campo, { message: errorServidor.message });
  }, [errorServidor, setError]);
  // Another rule, or the dialog opened again: no preview of what was typed before.
  const [vista, setVista] = useState({ regla, open });
  if (vista.regla !== regla || vista.open !== open) {
    setVista({ regla, open });
    setPrevia(null);
    setErrorPrevia(null);
  }

  const fuente = useWatch({ control, name: 'fuente' });
  const condicion = useWatch({ control, name: 'condicion' });
  const variableId = useWatch({ control, name: 'variable_id' });
  const variable = variables.data?.find((v) => v.id === variableId) ?? regla?.variable ?? null;
  const unidad = fuente === 'VIVO' ? 'botellas/min' : (variable?.unidad ?? '');

  // The rule's own variable stays selectable even if it was deactivated since.
  const opcionesVariable =
    regla?.variable && !(variables.data ?? []).some((v) => v.id === regla.variable?.id)
      ? [{ ...regla.variable, area: '' }, ...(variables.data ?? [])]
      : (variables.data ?? []);
  const opcionesUsuario = (usuarios.data ?? []).map((u) => ({
    id: u.id,
    nombre: u.name,
    username: u.username,
  }));
  for (const u of regla?.usuarios_destino ?? [])
    if (!opcionesUsuario.some((o) => o.id === u.id)) opcionesUsuario.push(u);

  const vistaPrevia = handleSubmit(async (values) => {
    setCalculando(true);
    setErrorPrevia(null);
    try {
      setPrevia(await previaRegla(reglaInput(values)));
    } catch (e) {
      setPrevia(null);
      setErrorPrevia(e instanceof Error ? e.message : String(e));
    } finally {
      setCalculando(false);
    }
  });

  const titulo = regla ? `Editar regla: ${regla.nombre}` : 'Nueva regla';
  const select = (
    name: 'fuente' | 'condicion' | 'severidad' | 'linea_id',
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
  const check = (name: 'canal_app' | 'canal_email' | 'activa', label: string) => (
    <FormControlLabel
      control={
        <Controller
          name={name}
          control={control}
          render={({ field }) => (
            <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
          )}
        />
      }
      label={label}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={guardando ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
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
          {select('fuente', 'Fuente', Object.entries(FUENTE_REGLA_LABEL))}
          {fuente === 'DIARIO' ? (
            <Controller
              name="variable_id"
              control={control}
              render={({ field }) => (
                <Autocomplete
                  options={opcionesVariable}
                  value={opcionesVariable.find((v) => v.id === field.value) ?? null}
                  onChange={(_e, v) => field.onChange(v?.id ?? '')}
                  getOptionLabel={(v) => v.nombre}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  loading={variables.isLoading}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Variable"
                      required
                      error={Boolean(errors.variable_id)}
                      helperText={
                        errors.variable_id?.message ??
                        (variable
                          ? `${variable.unidad} · mín. ${variable.minimo ?? '—'} · máx. ${variable.maximo ?? '—'}`
                          : undefined)
                      }
                    />
                  )}
                />
              )}
            />
          ) : (
            select(
              'linea_id',
              'Línea',
              (lineas.data ?? []).map((l): [string, string] => [l.id, l.nombre]),
            )
          )}
          {select('condicion', 'Condición', Object.entries(CONDICION_LABEL))}
          <TextField
            label={`Umbral${unidad ? ` (${unidad})` : ''}`}
            inputMode="decimal"
            {...register('umbral')}
            disabled={!usaUmbral(condicion)}
            required={usaUmbral(condicion)}
            error={Boolean(errors.umbral)}
            helperText={
              errors.umbral?.message ??
              (usaUmbral(condicion) ? 'El límite de la condición' : 'Solo para «Bajo / Sobre un umbral»')
            }
          />
          <TextField
            label="Duración (min)"
            inputMode="numeric"
            {...register('duracion_min')}
            disabled={fuente !== 'VIVO'}
            required={fuente === 'VIVO'}
            error={Boolean(errors.duracion_min)}
            helperText={
              errors.duracion_min?.message ??
              (fuente === 'VIVO' ? 'De 1 a 1440 minutos seguidos' : 'Solo para la velocidad en vivo')
            }
          />
          <TextField
            label="Histéresis"
            inputMode="decimal"
            {...register('histeresis')}
            error={Boolean(errors.histeresis)}
            helperText={errors.histeresis?.message ?? 'Margen para normalizar (≥ 0), en la unidad del límite'}
          />
          {select('severidad', 'Severidad', Object.entries(SEVERIDAD_LABEL))}
          <Controller
            name="roles_destino"
            control={control}
            render={({ field }) => (
              <Autocomplete
                multiple
                options={Object.keys(ROL_DESTINO_LABEL)}
                value={field.value}
                onChange={(_e, v) => field.onChange(v)}
                getOptionLabel={(rol) => ROL_DESTINO_LABEL[rol] ?? rol}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Roles destinatarios"
                    error={Boolean(errors.roles_destino)}
                    helperText={errors.roles_destino?.message}
                  />
                )}
              />
            )}
          />
          <Controller
            name="usuarios_destino"
            control={control}
            render={({ field }) => (
              <Autocomplete
                multiple
                options={opcionesUsuario}
                value={opcionesUsuario.filter((u) => field.value.includes(u.id))}
                onChange={(_e, v) => field.onChange(v.map((u) => u.id))}
                getOptionLabel={(u) => `${u.nombre} (${u.username})`}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                loading={usuarios.isLoading}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Usuarios destinatarios"
                    error={Boolean(errors.usuarios_destino)}
                    helperText={errors.usuarios_destino?.message}
                  />
                )}
              />
            )}
          />
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
              Canales
            </Typography>
            {check('canal_app', 'En la aplicación')}
            {check('canal_email', 'Por correo electrónico')}
            {check('activa', 'Regla activa')}
            {errors.canal_app && (
              <FormHelperText error sx={{ width: '100%' }}>
                {errors.canal_app.message}
              </FormHelperText>
            )}
          </Box>

          <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1, minWidth: 0 }}>
            <Box>
              <Button variant="outlined" onClick={() => void vistaPrevia()} disabled={calculando}>
                {calculando ? 'Calculando...' : 'Vista previa (últimos 30 días)'}
              </Button>
            </Box>
            {errorPrevia && <Alert severity="error">{errorPrevia}</Alert>}
            {previa && (
              <Box role="region" aria-label="Vista previa" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
                <Alert severity={previa.ocurrencias > 0 ? 'warning' : 'success'}>
                  {previa.ocurrencias > 0
                    ? `Se habría disparado ${veces(previa.ocurrencias)} en ${dias(previa.dias)}`
                    : 'No se habría disparado en los últimos 30 días'}
                  {` (${previa.desde.split('-').reverse().join('/')} – ${previa.hasta.split('-').reverse().join('/')})`}
                </Alert>
                {previa.ejemplos.length > 0 && (
                  <Box sx={{ overflowX: 'auto' }}>
                    <Table size="small" aria-label="Ejemplos de la vista previa">
                      <TableHead>
                        <TableRow>
                          <TableCell>Fecha y hora</TableCell>
                          <TableCell align="right">Valor</TableCell>
                          <TableCell align="right">Límite</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {previa.ejemplos.slice(0, 20).map((e) => (
                          <TableRow key={e.inicio}>
                            <TableCell>{formatInstante(e.inicio, timeZone)}</TableCell>
                            <TableCell align="right">{formatMedida(e.valor, unidad)}</TableCell>
                            <TableCell align="right">{formatMedida(e.limite, unidad)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </Box>
                )}
              </Box>
            )}
          </Box>
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
