import { z } from 'zod/mini';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import { CampoCheck, CampoTexto, useFormularioConfig } from '../../../components/config/formulario.tsx';
import type { DialogoConfigProps } from '../../../components/config/use-crud-config.tsx';
import type { ClasificacionCamposFragment } from '../api/config-zero-waste.generated.ts';

const schema = z.object({
  descripcion: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'La descripción es obligatoria'),
      z.maxLength(120, 'Máximo 120 caracteres'),
    ),
  aprovechable: z.boolean(),
});
export type ClasificacionFormValues = z.infer<typeof schema>;

export interface ClasificacionDialogProps extends DialogoConfigProps<ClasificacionFormValues> {
  clasificacion: ClasificacionCamposFragment | null;
}

/** A waste classification: its name and whether its waste is diverted (aprovechable). */
export function ClasificacionDialog({
  clasificacion,
  errorServidor,
  onSubmit,
  ...dialogo
}: ClasificacionDialogProps) {
  const { control, handleSubmit } = useFormularioConfig({
    schema,
    values: {
      descripcion: clasificacion?.descripcion ?? '',
      aprovechable: clasificacion?.aprovechable ?? true,
    },
    errorServidor,
  });
  return (
    <FormDialog
      {...dialogo}
      titulo={clasificacion ? 'Editar clasificación' : 'Nueva clasificación'}
      maxWidth="xs"
      onSubmit={handleSubmit(onSubmit)}
    >
      <CampoTexto control={control} name="descripcion" label="Descripción" />
      <CampoCheck
        control={control}
        name="aprovechable"
        label="Aprovechable (reciclado, reutilizado, compostado o coprocesado)"
      />
    </FormDialog>
  );
}
