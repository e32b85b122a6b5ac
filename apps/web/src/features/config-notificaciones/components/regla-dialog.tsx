import Autocomplete from '@mui/material/Autocomplete';
import {
  Alert,
  Box,
  Button,
  FormHelperText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import {
  CampoCheck,
  CampoSelect,
  CampoTexto,
  type Opciones,
  useFormularioConfig,
} from '../../../components/config/formulario.tsx';
import type { DialogoConfigProps } from '../../../components/config/use-crud-config.tsx';
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
  condicionesDe,
  FUENTE_REGLA_LABEL,
  reglaDefaults,
  reglaFormSchema,
  type ReglaFormValues,
  reglaInput,
  ROL_DESTINO_LABEL,
  UMBRAL_PAROS,
  usaUmbral,
} from '../utils/regla-form.ts';

type Previa = PreviaReglaNotificacionQuery['previaReglaNotificacion'];

export interface ReglaDialogProps extends DialogoConfigProps<ReglaFormValues> {
  /** null: a new rule; else the rule as last loaded (its version is the one saved against). */
  regla: ReglaConfig | null;
}

const veces = (n: number) => (n === 1 ? '1 vez' : `${n} veces`);
const dias = (n: number) => (n === 1 ? '1 día' : `${n} días`);

/** Create or edit a notification rule (react-hook-form + zod), with the 30-day preview before saving. */
export function ReglaDialog({ regla, errorServidor, onSubmit, ...dialogo }: ReglaDialogProps) {
  const { open } = dialogo;
  const variables = useVariablesReglas();
  const lineas = useLineasReglas();
  const usuarios = useUsuariosReglas(open);
  const timeZone = usePlantCalendar().timeZone;
  const {
    control,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useFormularioConfig({
    schema: reglaFormSchema,
    values: reglaDefaults(regla),
    errorServidor,
    campos: CAMPO_REGLA,
  });
  const [previa, setPrevia] = useState<Previa | null>(null);
  const [errorPrevia, setErrorPrevia] = useState<string | null>(null);
  const [calculando, setCalculando] = useState(false);

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
  const paros = fuente === 'PAROS' ? UMBRAL_PAROS[condicion] : undefined;
  const unidad = paros ? paros.unidad : fuente === 'VIVO' ? 'botellas/min' : (variable?.unidad ?? '');

  // Another source: its own conditions (a rule on stops has none of a variable's, and back).
  useEffect(() => {
    const propias = condicionesDe(fuente);
    if (!propias.includes(getValues('condicion'))) setValue('condicion', propias[0]!);
  }, [fuente, getValues, setValue]);

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
    opciones: Opciones,
  ) => <CampoSelect control={control} name={name} label={label} opciones={opciones} />;
  const check = (name: 'canal_app' | 'canal_email' | 'activa', label: string) => (
    <CampoCheck control={control} name={name} label={label} />
  );

  return (
    <FormDialog {...dialogo} titulo={titulo} maxWidth="md" columnas={2} onSubmit={handleSubmit(onSubmit)}>
      <CampoTexto control={control} name="nombre" label="Nombre" required sx={{ gridColumn: '1 / -1' }} />
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
      {select(
        'condicion',
        'Condición',
        condicionesDe(fuente).map((c): [string, string] => [c, CONDICION_LABEL[c] ?? c]),
      )}
      <CampoTexto
        control={control}
        name="umbral"
        label={paros ? `${paros.nombre} (N)` : `Umbral${unidad ? ` (${unidad})` : ''}`}
        inputMode={paros ? 'numeric' : 'decimal'}
        disabled={!usaUmbral(condicion)}
        required={usaUmbral(condicion)}
        ayuda={
          paros
            ? condicion === 'PARO_SIN_MOTIVO'
              ? 'Avisa cuando un paro sigue sin motivo más de N minutos desde su inicio'
              : 'Avisa cuando la línea tiene más de N microparos en los últimos 60 minutos'
            : usaUmbral(condicion)
              ? 'El límite de la condición'
              : 'Solo para «Bajo / Sobre un umbral»'
        }
      />
      <CampoTexto
        control={control}
        name="duracion_min"
        label="Duración (min)"
        inputMode="numeric"
        disabled={fuente !== 'VIVO'}
        required={fuente === 'VIVO'}
        ayuda={fuente === 'VIVO' ? 'De 1 a 1440 minutos seguidos' : 'Solo para la velocidad en vivo'}
      />
      <CampoTexto
        control={control}
        name="histeresis"
        label="Histéresis"
        inputMode="decimal"
        disabled={condicion === 'PARO_SIN_MOTIVO'}
        ayuda={
          condicion === 'PARO_SIN_MOTIVO'
            ? 'Se normaliza cuando el paro recibe su motivo'
            : 'Margen para normalizar (≥ 0), en la unidad del límite'
        }
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
    </FormDialog>
  );
}
