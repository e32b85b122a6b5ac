import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import { ListItemIcon, ListItemText, MenuItem, TextField } from '@mui/material';
import { Controller, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import { CampoSelect, CampoTexto, useFormularioConfig } from '../../../components/config/formulario.tsx';
import type { DialogoConfigProps } from '../../../components/config/use-crud-config.tsx';
import type { MotivoParo } from '../api/motivos-paro.ts';
import {
  CLASES,
  claseAyuda,
  codigosTexto,
  motivoFormSchema,
  type MotivoFormValues,
} from '../utils/motivo-form.ts';

type Opcion = { id: string; nombre: string };

export interface MotivoDialogProps extends DialogoConfigProps<MotivoFormValues> {
  /** The reason to edit, or null for a new one. */
  motivo: MotivoParo | null;
  /** The category a new reason goes in (the one whose "Nuevo motivo" was pressed). */
  categoriaId: string;
  categorias: readonly Opcion[];
  lineas: readonly Opcion[];
}

const OPCIONES_CLASE = CLASES.map((c) => [c.value, c.label] as const);

function defaults(motivo: MotivoParo | null, categoriaId: string): MotivoFormValues {
  return {
    categoria_id: motivo?.categoria_id ?? categoriaId,
    nombre: motivo?.nombre ?? '',
    clase: motivo?.clase ?? 'FALLA',
    linea_ids: motivo ? [...motivo.linea_ids] : [],
    codigos_falla: motivo ? codigosTexto(motivo.codigos_falla) : '',
  };
}

/** A stop reason: its category, name, loss class, the lines it applies to and its PLC fault codes. */
export function MotivoDialog({
  motivo,
  categoriaId,
  categorias,
  lineas,
  errorServidor,
  onSubmit,
  ...dialogo
}: MotivoDialogProps) {
  const { control, handleSubmit } = useFormularioConfig({
    schema: motivoFormSchema,
    values: defaults(motivo, categoriaId),
    errorServidor,
  });
  const clase = useWatch({ control, name: 'clase' });
  const nombreLinea = (id: string) => lineas.find((l) => l.id === id)?.nombre ?? id;

  return (
    <FormDialog
      {...dialogo}
      titulo={motivo ? 'Editar motivo de paro' : 'Nuevo motivo de paro'}
      onSubmit={handleSubmit(onSubmit)}
    >
      <CampoSelect
        control={control}
        name="categoria_id"
        label="Categoría"
        nombrado
        opciones={categorias.map((c) => [c.id, c.nombre] as const)}
      />
      <CampoTexto control={control} name="nombre" label="Nombre" />
      <CampoSelect
        control={control}
        name="clase"
        label="Clase de pérdida"
        nombrado
        opciones={OPCIONES_CLASE}
        ayuda={claseAyuda(clase)}
      />
      <Controller
        name="linea_ids"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Líneas"
            name={field.name}
            value={field.value}
            onChange={(e) => {
              const v = e.target.value as unknown as string[] | string;
              field.onChange(typeof v === 'string' ? v.split(',') : v);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'Ninguna elegida: se aplica a todas las líneas'}
            slotProps={{
              inputLabel: { shrink: true },
              select: {
                multiple: true,
                displayEmpty: true,
                SelectDisplayProps: { 'aria-label': 'Líneas' } as object,
                renderValue: (ids) =>
                  (ids as string[]).length === 0
                    ? 'Todas las líneas'
                    : (ids as string[]).map(nombreLinea).join(', '),
              },
            }}
          >
            {lineas.map((l) => (
              <MenuItem key={l.id} value={l.id}>
                {/* A picture of a checkbox: the option itself is what is selected (aria-selected). */}
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {field.value.includes(l.id) ? (
                    <CheckBoxIcon fontSize="small" color="primary" />
                  ) : (
                    <CheckBoxOutlineBlankIcon fontSize="small" />
                  )}
                </ListItemIcon>
                <ListItemText primary={l.nombre} />
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <CampoTexto
        control={control}
        name="codigos_falla"
        label="Códigos de falla"
        inputMode="numeric"
        ayuda="Del PLC (1 a 65535), separados por comas o espacios: un paro con ese código recibe este motivo"
      />
    </FormDialog>
  );
}
