import { useMemo } from 'react';
import { Chart } from '../../../components/charts/chart.tsx';
import type { HoraProduccion } from '@planta/charts/lineas/produccion';
import type { PaletaLinea } from '../utils/paletas.ts';
import { buildHourlySpeedOption } from '../utils/velocidad-option.ts';

export interface LineaVelocidadChartProps {
  numero: number;
  nombre: string;
  horas: readonly HoraProduccion[];
  paleta: PaletaLinea;
  compact: boolean;
  loading: boolean;
  height: number;
  onItemClick: () => void;
}

/** A line card's chart: the speed of each hour against the nominal (ECharts: loaded apart, see LineaCard). */
export function LineaVelocidadChart({
  numero,
  nombre,
  horas,
  paleta,
  compact,
  loading,
  height,
  onItemClick,
}: LineaVelocidadChartProps) {
  const option = useMemo(() => buildHourlySpeedOption({ horas, paleta, compact }), [horas, paleta, compact]);
  return (
    <Chart
      option={option}
      loading={loading}
      height={height}
      ariaLabel={`${nombre}: velocidad media de cada hora frente a la nominal`}
      testId={`grafico-velocidad-${numero}`}
      onItemClick={onItemClick}
    />
  );
}
