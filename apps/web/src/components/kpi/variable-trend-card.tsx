import { useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { dashboardWindow } from '@planta/domain';
import { useMemo } from 'react';
import { Chart } from '../charts/chart.tsx';
import { useHistoricosVariable, type VariableInfo } from './api/variables.ts';
import { TrendCardFrame } from './variable-trend-frame.tsx';
import { fitValueAxis } from '@planta/charts/trend/trend-axis';
import { buildTrendOption } from '@planta/charts/trend/trend-option';
import { trendPoints } from '@planta/charts/trend/trend-points';

export interface VariableTrendCardProps {
  /** The variable to chart (from useVariables / lookupVariable). */
  variable: Pick<VariableInfo, 'nombre' | 'unidad' | 'decimales' | 'agregacion' | 'minimo' | 'maximo'>;
  /** The chosen production day: the window ends there. */
  fecha: string;
  /** Shows a 'Ver detalle' button that opens the chart-details dialog. */
  onDetails?: () => void;
  /** Chart height in px (default 340). */
  height?: number;
  /** data-testid of the chart (default 'grafico-tendencia'). */
  testId?: string;
  /** Reload every so many ms (pass it while fecha is the production day in progress). */
  refetchInterval?: number;
  /** The screen's variables that can be charted instead: their days come in the same request. */
  grupo?: readonly string[];
}

/**
 * The dashboard chart of one variable (SPEC §9): the two previous months as monthly bars and the
 * days of the current month, against the meta. Fetches its own data (historicosSeries). A ratio's
 * or a yield's value axis fits its values (a drop from 98.5 to 97 % shows); shares (0–100 %) and
 * amounts start at 0.
 */
export function VariableTrendCard({ onDetails, ...chart }: VariableTrendCardProps) {
  return (
    <TrendCardFrame nombre={chart.variable.nombre} fecha={chart.fecha} onDetails={onDetails}>
      <VariableTrendChart {...chart} />
    </TrendCardFrame>
  );
}

/** The chart of {@link VariableTrendCard} without its frame (/fabrica loads it after the frame). */
export function VariableTrendChart({
  variable,
  fecha,
  height = 340,
  testId = 'grafico-tendencia',
  refetchInterval,
  grupo,
}: Omit<VariableTrendCardProps, 'onDetails'>) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const window = dashboardWindow(fecha);
  const historia = useHistoricosVariable(variable.nombre, window.monthlyFrom, window.to, {
    refetchInterval,
    grupo,
  });
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
            variable,
          )
        : null,
    [historia.data, fecha, variable, compact],
  );

  return (
    <Chart
      option={option}
      // Not on background reloads: only while nothing, or another period, is shown.
      loading={historia.isLoading || historia.isPlaceholderData}
      height={height}
      ariaLabel={`${variable.nombre}: valores mensuales de los dos meses anteriores y diarios del mes en curso, frente a la meta`}
      testId={testId}
    />
  );
}
