import InsightsIcon from '@mui/icons-material/Insights';
import { Box, Button, Card, CardContent, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { dashboardWindow } from '@planta/domain';
import { useMemo } from 'react';
import { Chart } from '../../../components/charts/chart.tsx';
import { useHistoricosVariable, type VariableInfo } from '../../../components/kpi/api/variables.ts';
import { buildTrendOption, trendSubtitle } from '../../../components/kpi/trend/trend-option.ts';
import { trendPoints } from '../../../components/kpi/trend/trend-points.ts';
import { fitValueAxis } from '../utils/trend-axis.ts';

/**
 * The dashboard chart (SPEC §9: the two previous months, then the days of the current one,
 * against the meta) of a yield or a consumption. As the shared VariableTrendCard, but a yield's
 * or a ratio's axis fits its values (fitValueAxis) so a drop from 98.5 to 97 % shows.
 */
export function RendimientoTrendCard({
  variable,
  fecha,
  onDetails,
  refetchInterval,
}: {
  variable: Pick<VariableInfo, 'nombre' | 'unidad' | 'decimales' | 'agregacion'>;
  fecha: string;
  onDetails: () => void;
  refetchInterval?: number;
}) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const window = dashboardWindow(fecha);
  const historia = useHistoricosVariable(variable.nombre, window.monthlyFrom, window.to, { refetchInterval });
  const option = useMemo(
    () =>
      historia.data
        ? fitValueAxis(
            buildTrendOption({
              points: trendPoints(historia.data, fecha, variable.agregacion),
              unidad: variable.unidad,
              decimales: variable.decimales,
              agregacion: variable.agregacion,
              compact,
            }),
            variable.agregacion,
          )
        : null,
    [historia.data, fecha, variable, compact],
  );

  return (
    <Card component="section" aria-label={`${variable.nombre}: últimos 3 meses`}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              variant="h6"
              component="h2"
              data-testid="tendencia-titulo"
              sx={{ fontSize: '1.05rem' }}
            >
              {variable.nombre}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {trendSubtitle(fecha)}
            </Typography>
          </Box>
          <Button size="small" startIcon={<InsightsIcon />} onClick={onDetails}>
            Ver detalle
          </Button>
        </Box>
        <Chart
          option={option}
          loading={historia.isLoading || historia.isPlaceholderData}
          height={compact ? 300 : 340}
          ariaLabel={`${variable.nombre}: valores mensuales de los dos meses anteriores y diarios del mes en curso, frente a la meta`}
          testId="grafico-tendencia"
        />
      </CardContent>
    </Card>
  );
}
