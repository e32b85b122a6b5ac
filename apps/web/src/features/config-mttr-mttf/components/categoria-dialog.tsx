import { FormDialog } from '../../../components/config/form-dialog.tsx';
import { CampoTexto, useFormularioConfig } from '../../../components/config/formulario.tsx';
import type { DialogoConfigProps } from '../../../components/config/use-crud-config.tsx';
import type { CategoriaParo } from '../api/motivos-paro.ts';
import { categoriaFormSchema, type CategoriaFormValues } from '../utils/motivo-form.ts';

export interface CategoriaDialogProps extends DialogoConfigProps<CategoriaFormValues> {
  /** The category to rename, or null for a new one. */
  categoria: CategoriaParo | null;
}

/** A category of stop reasons: its name (Mecánica, Eléctrica…). */
export function CategoriaDialog({ categoria, errorServidor, onSubmit, ...dialogo }: CategoriaDialogProps) {
  const { control, handleSubmit } = useFormularioConfig({
    schema: categoriaFormSchema,
    values: { nombre: categoria?.nombre ?? '' },
    errorServidor,
  });
  return (
    <FormDialog
      {...dialogo}
      titulo={categoria ? 'Editar categoría de paro' : 'Nueva categoría de paro'}
      maxWidth="xs"
      onSubmit={handleSubmit(onSubmit)}
    >
      <CampoTexto
        control={control}
        name="nombre"
        label="Nombre"
        ayuda="Por ejemplo: Mecánica, Eléctrica, Operación"
      />
    </FormDialog>
  );
}
