import { TextField } from '@mui/material';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import {
  CampoCheck,
  CampoSelect,
  CampoTexto,
  type Opciones,
  useFormularioConfig,
} from '../../../components/config/formulario.tsx';
import type { DialogoConfigProps } from '../../../components/config/use-crud-config.tsx';
import type { VariableConfig } from '../api/config-variables.ts';
import { variableFormSchema, type VariableFormValues } from '../utils/variable-form-schema.ts';

export interface VariableDialogProps extends DialogoConfigProps<VariableFormValues> {
  /** null: a new variable; else the variable as last loaded (its version is the one saved against). */
  variable: VariableConfig | null;
  lineas: { id: string; nombre: string }[];
}

const texto = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function defaults(v: VariableConfig | null): VariableFormValues {
  return {
    nombre: v?.nombre ?? '',
    nivel: v?.nivel ?? 'GLOBAL',
    linea_id: v?.linea?.id ?? '',
    area: v?.area ?? '',
    unidad: v?.unidad ?? '',
    minimo: texto(v?.minimo),
    maximo: texto(v?.maximo),
    decimales: String(v?.decimales ?? 2),
    agregacion: v?.agregacion ?? 'SUMA',
    fuente: v?.fuente ?? 'MANUAL',
    mayor_es_mejor: v?.mayor_es_mejor ?? true,
  };
}

export const AGREGACION_LABEL: Record<string, string> = {
  SUMA: 'Suma',
  PROMEDIO: 'Promedio',
  ULTIMO: 'Último valor',
};
export const FUENTE_LABEL: Record<string, string> = { MANUAL: 'Manual', OPC: 'OPC', CALCULADA: 'Calculada' };
export const NIVEL_LABEL: Record<string, string> = { GLOBAL: 'Global', INDIVIDUAL: 'Individual' };

/** Create or edit a variable (react-hook-form + zod); the OPC node id is shown, not edited. */
export function VariableDialog({
  variable,
  lineas,
  errorServidor,
  onSubmit,
  ...dialogo
}: VariableDialogProps) {
  const { control, handleSubmit } = useFormularioConfig({
    schema: variableFormSchema,
    values: defaults(variable),
    errorServidor,
  });

  // The variable's own line stays selectable even when it is not a production line ('Planta').
  const opciones =
    variable?.linea && !lineas.some((l) => l.id === variable.linea?.id)
      ? [variable.linea, ...lineas]
      : lineas;
  const select = (
    name: 'nivel' | 'agregacion' | 'fuente' | 'linea_id',
    label: string,
    items: Opciones,
    ayuda?: string,
  ) => (
    <CampoSelect
      control={control}
      name={name}
      label={label}
      opciones={items}
      ayuda={ayuda}
      // '' is a real choice ('Sin línea'): shown, with the label above it.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    />
  );

  return (
    <FormDialog
      {...dialogo}
      titulo={variable ? `Editar variable: ${variable.nombre}` : 'Nueva variable'}
      columnas={2}
      onSubmit={handleSubmit(onSubmit)}
    >
      <CampoTexto control={control} name="nombre" label="Nombre" required sx={{ gridColumn: '1 / -1' }} />
      {select('nivel', 'Nivel', Object.entries(NIVEL_LABEL), 'Individual: de una línea')}
      {select('linea_id', 'Línea', [['', 'Sin línea'], ...opciones.map((l) => [l.id, l.nombre] as const)])}
      <CampoTexto control={control} name="area" label="Área" required />
      <CampoTexto control={control} name="unidad" label="Unidad" required />
      <CampoTexto control={control} name="minimo" label="Mínimo" inputMode="decimal" ayuda="Opcional" />
      <CampoTexto control={control} name="maximo" label="Máximo" inputMode="decimal" ayuda="Opcional" />
      <CampoTexto
        control={control}
        name="decimales"
        label="Decimales"
        inputMode="numeric"
        ayuda="De 0 a 6"
        required
      />
      {select(
        'agregacion',
        'Agregación',
        Object.entries(AGREGACION_LABEL),
        'Cómo se obtienen mensual y anual',
      )}
      {select('fuente', 'Fuente', Object.entries(FUENTE_LABEL))}
      <TextField
        label="Nodo OPC"
        value={variable?.opc_node_id ?? ''}
        slotProps={{ input: { readOnly: true } }}
        helperText="Se asigna en Configuración de líneas"
        disabled={!variable?.opc_node_id}
      />
      <CampoCheck
        control={control}
        name="mayor_es_mejor"
        label="Un valor mayor es mejor (producción, rendimientos)"
        sx={{ gridColumn: '1 / -1' }}
      />
    </FormDialog>
  );
}
