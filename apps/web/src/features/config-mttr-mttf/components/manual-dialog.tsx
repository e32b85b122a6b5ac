import { Alert, Box } from '@mui/material';
import { DateField } from '@mui/x-date-pickers/DateField';
import dayjs from 'dayjs';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import { CampoSelect, CampoTexto, useFormularioConfig } from '../../../components/config/formulario.tsx';
import type { DialogoConfigProps } from '../../../components/config/use-crud-config.tsx';
import { DATE_FORMAT } from '../../../components/dates/production-date-picker.tsx';
import type { MttrMttfManualCamposFragment } from '../api/paros.generated.ts';
import { manualFormSchema, type ManualFormValues } from '../utils/paro-schema.ts';

export interface ManualDialogProps extends DialogoConfigProps<ManualFormValues> {
  /** The entry to edit, or null for a new one. */
  manual: MttrMttfManualCamposFragment | null;
  lineas: readonly { id: string; nombre: string }[];
  /** The current production day (no later day may be entered). */
  hoy: string;
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
  manual,
  lineas,
  hoy,
  errorServidor,
  onSubmit,
  ...dialogo
}: ManualDialogProps) {
  const { control, handleSubmit } = useFormularioConfig({
    schema: manualFormSchema,
    values: defaults(manual, hoy),
    errorServidor,
  });

  return (
    <FormDialog
      {...dialogo}
      titulo={manual ? 'Editar MTTR/MTTF manual' : 'Nuevo MTTR/MTTF manual'}
      maxWidth="xs"
      onSubmit={handleSubmit(onSubmit)}
    >
      <Alert severity="info">
        Solo para una línea y día sin datos automáticos (sin fallas registradas). Las derivaciones no
        sobrescriben estos valores; al quitarlos, el día se calcula otra vez de sus paros.
      </Alert>
      <CampoSelect
        control={control}
        name="linea_id"
        label="Línea"
        nombrado
        disabled={!!manual}
        opciones={lineas.map((l) => [l.id, l.nombre] as const)}
      />
      <Controller
        name="fecha"
        control={control}
        render={({ field, fieldState }) => (
          <Box data-testid="manual-fecha" sx={{ display: 'grid' }}>
            <DateField
              label="Día de producción"
              value={field.value}
              onChange={(v) => field.onChange(v)}
              onBlur={field.onBlur}
              format={DATE_FORMAT}
              disabled={!!manual}
              maxDate={dayjs(hoy)}
              slotProps={{ textField: { error: !!fieldState.error, helperText: fieldState.error?.message } }}
            />
          </Box>
        )}
      />
      <CampoTexto control={control} name="mttr" label="MTTR (min)" inputMode="decimal" />
      <CampoTexto control={control} name="mttf" label="MTTF (min)" inputMode="decimal" />
    </FormDialog>
  );
}
