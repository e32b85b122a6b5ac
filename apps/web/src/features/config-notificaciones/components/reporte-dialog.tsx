import Autocomplete from '@mui/material/Autocomplete';
import { Chip, TextField } from '@mui/material';
import { canAccess, reportePorTurno } from '@planta/domain';
import { useState } from 'react';
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
import { useAuth } from '../../../lib/auth-store.ts';
import { useLineasReglas } from '../api/config-notificaciones.ts';
import type { ReporteProgramado } from '../api/reportes-programados.ts';
import {
  agregarCorreos,
  correoValido,
  DIA_SEMANA_LABEL,
  PANTALLAS_CON_REPORTE,
  periodicidadesDe,
  reporteDefaults,
  reporteFormSchema,
  type ReporteFormValues,
} from '../utils/reporte-form.ts';

export interface ReporteDialogProps extends DialogoConfigProps<ReporteFormValues> {
  /** null: a new report; else the report as last loaded (its version is the one saved against). */
  reporte: ReporteProgramado | null;
}

const SEPARADOR = /[\s,;]/;

/** Create or edit a scheduled report (react-hook-form + zod). */
export function ReporteDialog({ reporte, errorServidor, onSubmit, ...dialogo }: ReporteDialogProps) {
  const { open } = dialogo;
  const { user } = useAuth();
  const { control, handleSubmit } = useFormularioConfig({
    schema: reporteFormSchema,
    values: reporteDefaults(reporte),
    errorServidor,
  });
  const [texto, setTexto] = useState('');

  // Another report, or the dialog opened again: nothing half-typed from before.
  const [vista, setVista] = useState({ reporte, open });
  if (vista.reporte !== reporte || vista.open !== open) {
    setVista({ reporte, open });
    setTexto('');
  }

  const periodicidad = useWatch({ control, name: 'periodicidad' });
  const ruta = useWatch({ control, name: 'ruta' });
  // A per-shift report (Pérdidas) is about one line or the plant; the others have no line.
  const porTurno = reportePorTurno(ruta);
  const lineas = useLineasReglas(porTurno);
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
    name: 'ruta' | 'periodicidad' | 'dia_semana' | 'dia_mes' | 'linea',
    label: string,
    opciones: Opciones,
    extra: { ayuda?: string; full?: boolean; opcional?: boolean } = {},
  ) => (
    <CampoSelect
      control={control}
      name={name}
      label={label}
      required={!extra.opcional}
      opciones={opciones}
      ayuda={extra.ayuda}
      sx={extra.full ? { gridColumn: '1 / -1' } : undefined}
    />
  );

  return (
    <FormDialog {...dialogo} titulo={titulo} columnas={2} onSubmit={handleSubmit(onSubmit)}>
      <CampoTexto control={control} name="nombre" label="Nombre" required sx={{ gridColumn: '1 / -1' }} />
      {select(
        'ruta',
        'Pantalla',
        pantallas.map((p): [string, string] => [p.ruta, p.titulo]),
        { ayuda: 'Se envía el PDF del botón «Reporte» de esa pantalla', full: true },
      )}
      {select('periodicidad', 'Periodicidad', periodicidadesDe(ruta, periodicidad), {
        ayuda:
          periodicidad === 'TURNO'
            ? 'Al terminar cada turno, el reporte del turno que cerró'
            : porTurno
              ? 'También al cierre de cada turno'
              : undefined,
      })}
      {periodicidad !== 'TURNO' && (
        <CampoTexto
          control={control}
          name="hora"
          label="Hora (HH:MM)"
          placeholder="08:05"
          inputMode="numeric"
          autoComplete="off"
          ayuda="Hora de la planta"
          required
        />
      )}
      {porTurno &&
        select(
          'linea',
          'Línea',
          [
            ['', 'Toda la planta'],
            ...(lineas.data ?? [])
              .filter((l) => l.numero > 0)
              .sort((a, b) => a.numero - b.numero)
              .map((l): [string, string] => [String(l.numero), l.nombre]),
          ],
          { opcional: true },
        )}
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
          { ayuda: 'Del 1 al 28' },
        )}
      <Controller
        name="destinatarios"
        control={control}
        render={({ field, fieldState }) => (
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
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error?.message ??
                  'Escriba o pegue las direcciones separadas por comas, espacios o saltos de línea'
                }
              />
            )}
          />
        )}
      />
      <CampoCheck control={control} name="activo" label="Reporte activo" sx={{ gridColumn: '1 / -1' }} />
    </FormDialog>
  );
}
