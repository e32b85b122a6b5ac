import { Box, MenuItem } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import { CampoTexto, useFormularioConfig } from '../../../components/config/formulario.tsx';
import type { DialogoConfigProps } from '../../../components/config/use-crud-config.tsx';
import { type Campo, esquema, type Valores } from '../utils/formulario.ts';

export interface RegistroDialogProps extends DialogoConfigProps<Valores> {
  titulo: string;
  campos: readonly Campo[];
  /** The record as last loaded (a reload after a conflict replaces the form's values). */
  valores: Valores;
  /** Read-only values computed from the form (e.g. the factor), shown under the fields. */
  calculado?: (valores: Valores) => ReactNode;
}

/** Create or edit one record of the screen's tables (react-hook-form + zod), Spanish messages. */
export function RegistroDialog({
  titulo,
  campos,
  valores,
  calculado,
  errorServidor,
  onSubmit,
  ...dialogo
}: RegistroDialogProps) {
  const schema = useMemo(() => esquema(campos), [campos]);
  const { control, handleSubmit } = useFormularioConfig({ schema, values: valores, errorServidor });
  const actuales = useWatch({ control }) as Valores;

  return (
    <FormDialog {...dialogo} titulo={titulo} columnas={2} onSubmit={handleSubmit(onSubmit)}>
      {campos.map((c) => (
        <CampoTexto
          key={c.name}
          control={control}
          name={c.name}
          label={c.label}
          select={c.tipo === 'select'}
          required={c.requerido}
          type={c.tipo === 'color' ? 'color' : 'text'}
          inputMode={c.tipo === 'numero' ? 'decimal' : c.tipo === 'entero' ? 'numeric' : undefined}
          ayuda={c.ayuda}
          sx={c.ancho ? { gridColumn: '1 / -1' } : undefined}
        >
          {c.opciones?.map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </CampoTexto>
      ))}
      {calculado && <Box sx={{ gridColumn: '1 / -1' }}>{calculado(actuales)}</Box>}
    </FormDialog>
  );
}
