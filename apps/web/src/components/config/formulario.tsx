import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, FormControlLabel, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ReactNode, useEffect } from 'react';
import {
  type Control,
  type FieldValues,
  type Path,
  type Resolver,
  useController,
  useForm,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod/mini';
import type { ErrorDeCampo } from './guardar.ts';

export interface FormularioConfigOptions<V extends FieldValues> {
  /** The form's rules (the server checks everything again, with its own Spanish messages). */
  schema: z.ZodMiniType<V, V>;
  /** The record as last loaded, or a new one's defaults: a reload (after a conflict) replaces the form's values. */
  values: V;
  /** The server's refusal of the last save: put under its field when the form has that field. */
  errorServidor?: ErrorDeCampo | null;
  /** A server field the form names otherwise (server name → form field), e.g. `{ fecha: 'mes' }`. */
  campos?: Readonly<Record<string, Path<V>>>;
}

/**
 * A configuration form: react-hook-form with the zod rules, the values of the record being edited,
 * and the server's field error (GraphQL `extensions.field`) shown under that field.
 */
export function useFormularioConfig<V extends FieldValues>({
  schema,
  values,
  errorServidor,
  campos,
}: FormularioConfigOptions<V>): UseFormReturn<V> {
  const form = useForm<V>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V>,
    values,
  });
  const { setError } = form;
  const field = errorServidor?.field;
  const campo = field === undefined ? undefined : (campos?.[field] ?? (field in values ? field : undefined));
  useEffect(() => {
    if (errorServidor && campo)
      setError(campo as Path<V>, { type: 'server', message: errorServidor.message });
  }, [errorServidor, campo, setError]);
  return form;
}

type CampoProps<V extends FieldValues> = {
  control: Control<V>;
  name: Path<V>;
  /** The helper text under the field when it has no error. */
  ayuda?: ReactNode;
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'>;

/** A text field of a configuration form: its value, and its error (or `ayuda`) under it. */
export function CampoTexto<V extends FieldValues>({ control, name, ayuda, ...props }: CampoProps<V>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? ayuda}
    />
  );
}

export type Opciones = readonly (readonly [value: string, text: string])[];

/**
 * A select of a configuration form. `nombrado` names the select by its label alone (not label and
 * chosen option), as the screens whose tests ask for it by that name do.
 */
export function CampoSelect<V extends FieldValues>({
  opciones,
  nombrado = false,
  slotProps,
  ...props
}: CampoProps<V> & { opciones: Opciones; nombrado?: boolean }) {
  return (
    <CampoTexto
      {...props}
      select
      slotProps={
        nombrado
          ? { ...slotProps, select: { SelectDisplayProps: { 'aria-label': props.label } as object } }
          : slotProps
      }
    >
      {opciones.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </CampoTexto>
  );
}

/** A checkbox of a configuration form, with its label. */
export function CampoCheck<V extends FieldValues>({
  control,
  name,
  label,
  sx,
}: {
  control: Control<V>;
  name: Path<V>;
  label: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      sx={sx}
      control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
      label={label}
    />
  );
}
