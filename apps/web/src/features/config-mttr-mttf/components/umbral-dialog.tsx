import { FormDialog } from '../../../components/config/form-dialog.tsx';
import { CampoTexto, useFormularioConfig } from '../../../components/config/formulario.tsx';
import type { DialogoConfigProps } from '../../../components/config/use-crud-config.tsx';
import type { UmbralMicroparo } from '../api/motivos-paro.ts';
import { UMBRAL_MAX, UMBRAL_MIN, umbralFormSchema, type UmbralFormValues } from '../utils/motivo-form.ts';

export interface UmbralDialogProps extends DialogoConfigProps<UmbralFormValues> {
  umbral: UmbralMicroparo | null;
}

export const AYUDA_UMBRAL =
  'Un paro más corto es un microparo y no pide motivo. Se aplica a los paros que empiecen después del cambio.';

/** A production line's micro-stop threshold, in seconds. */
export function UmbralDialog({ umbral, errorServidor, onSubmit, ...dialogo }: UmbralDialogProps) {
  const { control, handleSubmit } = useFormularioConfig({
    schema: umbralFormSchema,
    values: { linea_id: umbral?.linea_id ?? '', segundos: umbral ? String(umbral.segundos) : '' },
    errorServidor,
  });
  return (
    <FormDialog
      {...dialogo}
      titulo={`Editar umbral de microparo${umbral ? `: ${umbral.linea_nombre}` : ''}`}
      nombre="Editar umbral de microparo"
      maxWidth="xs"
      onSubmit={handleSubmit(onSubmit)}
    >
      <CampoTexto
        control={control}
        name="segundos"
        label={`Segundos (${UMBRAL_MIN} a ${UMBRAL_MAX})`}
        inputMode="numeric"
        ayuda={AYUDA_UMBRAL}
      />
    </FormDialog>
  );
}
