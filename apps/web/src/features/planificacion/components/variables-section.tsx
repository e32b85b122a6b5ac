import { Box, Typography } from '@mui/material';
import type { ResumenVariable, VariableInfo } from '../../../components/kpi/api/variables.ts';
import { KpiCard, type KpiValores } from '../../../components/kpi/kpi-card.tsx';

const SIN_DATOS: KpiValores = {
  diario: null,
  mensual: null,
  anual: null,
  meta: null,
  meta_mensual: null,
  meta_anual: null,
};

/** A titled grid of KPI cards (day, month and year against their metas) with their chart details. */
export function VariablesSection({
  titulo,
  descripcion,
  variables,
  resumen,
  loading,
  onDetails,
  testId,
}: {
  titulo: string;
  descripcion: string;
  variables: readonly VariableInfo[];
  resumen: readonly ResumenVariable[] | undefined;
  loading: boolean;
  onDetails: (nombre: string) => void;
  testId: string;
}) {
  const valores = new Map((resumen ?? []).map((r) => [r.variable.nombre, r]));
  return (
    <Box
      component="section"
      aria-labelledby={`${testId}-titulo`}
      sx={{ display: 'grid', gap: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography id={`${testId}-titulo`} variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          {titulo}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {descripcion}
        </Typography>
      </Box>
      <Box
        data-testid={testId}
        sx={{
          display: 'grid',
          gap: { xs: 1.5, sm: 2 },
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
            xl: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {variables.map((variable) => (
          <KpiCard
            key={variable.id}
            testId={`kpi-${variable.nombre}`}
            variable={variable}
            valores={resumen ? (valores.get(variable.nombre) ?? SIN_DATOS) : undefined}
            loading={loading}
            onDetails={() => onDetails(variable.nombre)}
          />
        ))}
      </Box>
    </Box>
  );
}
