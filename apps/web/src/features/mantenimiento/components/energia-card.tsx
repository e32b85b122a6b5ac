import { useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatFecha } from '@planta/charts/format';
import { buildEnergiaOption, type EnergiaSerie } from '@planta/charts/mantenimiento/energia-option';
import { ChartCard } from './chart-card.tsx';

/** Each line's energy per hour of the production day (08:00 → 07:00 of the next morning). */
export function EnergiaCard({
  fecha,
  series,
  loading,
}: {
  fecha: string;
  series: readonly EnergiaSerie[];
  loading: boolean;
}) {
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const option = useMemo(() => buildEnergiaOption({ series, compact }), [series, compact]);
  return (
    <ChartCard
      titulo="Energía por hora (kWh)"
      subtitulo={`Energía eléctrica de cada línea por hora del día de producción ${formatFecha(fecha)} (08:00 a 07:00).`}
      labelId="titulo-energia"
      testId="card-energia"
    >
      <Chart
        option={option}
        loading={loading}
        height={300}
        testId="grafico-energia"
        ariaLabel={`Energía por hora de ${series.length} líneas el ${formatFecha(fecha)}`}
      />
    </ChartCard>
  );
}
