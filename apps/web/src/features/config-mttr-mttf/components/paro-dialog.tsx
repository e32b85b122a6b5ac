import { Box } from '@mui/material';
import { DateTimeField } from '@mui/x-date-pickers/DateTimeField';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import { CampoSelect, CampoTexto, useFormularioConfig } from '../../../components/config/formulario.tsx';
import type { DialogoConfigProps } from '../../../components/config/use-crud-config.tsx';
import type { ParoCamposFragment } from '../api/paros.generated.ts';
import { aPlanta, inicioDelDia, TIPOS_PARO } from '../utils/paro-form.ts';
import { paroFormSchema, type ParoFormValues } from '../utils/paro-schema.ts';

export interface ParoDialogProps extends DialogoConfigProps<ParoFormValues> {
  /** The paro to edit, or null for a new one. */
  paro: ParoCamposFragment | null;
  lineas: readonly { id: string; nombre: string }[];
  timeZone: string;
  /** The production day a new paro starts on (08:00 of it). */
  dia: string;
}

const FORMATO = 'DD/MM/YYYY HH:mm';
const TIPOS = TIPOS_PARO.map((t) => [t.value, t.label] as const);

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
    // An open stop (the collector has not seen the line run again) is closed by giving it an end.
    fin: paro.fin === null ? null : aPlanta(paro.fin, timeZone),
    equipo: paro.equipo,
    causa: paro.causa,
  };
}

/** The form of a paro: line, kind, start and end (plant time), equipment and cause. */
export function ParoDialog({
  paro,
  lineas,
  timeZone,
  dia,
  errorServidor,
  onSubmit,
  ...dialogo
}: ParoDialogProps) {
  const { control, handleSubmit } = useFormularioConfig({
    schema: paroFormSchema(timeZone),
    values: defaults(paro, timeZone, dia),
    errorServidor,
  });

  return (
    <FormDialog {...dialogo} titulo={paro ? 'Editar paro' : 'Nuevo paro'} onSubmit={handleSubmit(onSubmit)}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <CampoSelect
          control={control}
          name="linea_id"
          label="Línea"
          nombrado
          opciones={lineas.map((l) => [l.id, l.nombre] as const)}
        />
        <CampoSelect control={control} name="tipo" label="Tipo" nombrado opciones={TIPOS} />
        {(['inicio', 'fin'] as const).map((name) => (
          <Controller
            key={name}
            name={name}
            control={control}
            render={({ field, fieldState }) => (
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
                      error: !!fieldState.error,
                      helperText: fieldState.error?.message ?? 'Hora de planta (DD/MM/AAAA HH:mm)',
                    },
                  }}
                />
              </Box>
            )}
          />
        ))}
      </Box>
      <CampoTexto control={control} name="equipo" label="Equipo" />
      <CampoTexto control={control} name="causa" label="Causa" />
    </FormDialog>
  );
}
