import { Alert, Box } from '@mui/material';
import { formatNumber } from '@planta/charts/format';
import { MESES } from '@planta/domain';
import { FormDialog } from '../../../components/config/form-dialog.tsx';
import { CampoSelect, CampoTexto, useFormularioConfig } from '../../../components/config/formulario.tsx';
import type { DialogoConfigProps } from '../../../components/config/use-crud-config.tsx';
import type { Plan } from '../api/config-planificacion.ts';
import { planFormSchema, type PlanFormValues } from '../utils/plan-form.ts';

export interface PlanDialogProps extends DialogoConfigProps<PlanFormValues> {
  /** The plan to edit (as reloaded after a conflict), or null for a new one. */
  plan: Plan | null;
  variables: readonly { id: string; nombre: string }[];
  /** Default year of a new plan. */
  anio: number;
}

const MES_OPCIONES = MESES.map((m, i) => [String(i + 1), m] as const);
const DOS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/**
 * A stored figure as the field shows it, in es-PE (1,234.5), every decimal kept; never exactly
 * three decimals, which the field would read as thousands.
 */
const cifra = (n: number) => {
  const decimales = Number.isInteger(n) ? 0 : Math.min(6, String(n).split('.')[1]?.length ?? 2);
  return formatNumber(n, decimales === 3 ? 4 : decimales);
};

function defaults(plan: Plan | null, anio: number): PlanFormValues {
  if (!plan) return { variable_id: '', anio: String(anio), mes: '', negociado: '', aop: '' };
  return {
    variable_id: plan.variable.id,
    anio: plan.fecha.slice(0, 4),
    mes: String(Number(plan.fecha.slice(5, 7))),
    negociado: cifra(plan.negociado),
    aop: cifra(plan.aop),
  };
}

/** The form of one month's plan: variable, month and year, negociado and AOP. */
export function PlanDialog({ plan, variables, anio, errorServidor, onSubmit, ...dialogo }: PlanDialogProps) {
  const { control, handleSubmit } = useFormularioConfig({
    schema: planFormSchema,
    values: defaults(plan, anio),
    errorServidor,
    campos: { fecha: 'mes' },
  });

  return (
    <FormDialog
      {...dialogo}
      titulo={plan ? 'Editar planificación' : 'Nueva planificación'}
      onSubmit={handleSubmit(onSubmit)}
    >
      {errorServidor?.field === 'version' && <Alert severity="warning">{errorServidor.message}</Alert>}
      <CampoSelect
        control={control}
        name="variable_id"
        label="Variable"
        nombrado
        opciones={variables.map((v) => [v.id, v.nombre] as const)}
      />
      <Box sx={{ ...DOS, gridTemplateColumns: '1fr 1fr' }}>
        <CampoSelect control={control} name="mes" label="Mes" nombrado opciones={MES_OPCIONES} />
        <CampoTexto
          control={control}
          name="anio"
          label="Año"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
      <Box sx={DOS}>
        <CampoTexto
          control={control}
          name="negociado"
          label="Negociado"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <CampoTexto
          control={control}
          name="aop"
          label="AOP"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          ayuda="Admite 1,234.5 o 1.234,5"
        />
      </Box>
    </FormDialog>
  );
}
