import { Box, Chip, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatNumber } from '@planta/charts/format';
import {
  buildMttrOption,
  ejeMaximo,
  type SerieLinea,
  tieneValores,
} from '@planta/charts/mantenimiento/mttr-option';
import { colorLinea } from '@planta/charts/mantenimiento/lineas';
import { ChartCard } from './chart-card.tsx';

export interface MttrCardProps {
  tipo: 'mttr' | 'mttf';
  dias: readonly string[];
  /** One per line, with the variable each comes from (for the details dialog). */
  series: readonly (SerieLinea & { variable: string })[];
  loading: boolean;
  onDetails: (variable: string) => void;
}

const TEXTOS = {
  mttr: {
    titulo: 'MTTR por línea (min)',
    subtitulo: 'Tiempo medio de reparación de cada día: minutos de falla / fallas.',
  },
  mttf: {
    titulo: 'MTTF por línea (min)',
    subtitulo: 'Tiempo medio hasta la falla de cada día: minutos de marcha / fallas.',
  },
} as const;

/** The daily MTTR or MTTF of every line over the range; a chip per line opens its chart details. */
export function MttrCard({ tipo, dias, series, loading, onDetails }: MttrCardProps) {
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const option = useMemo(
    () => buildMttrOption({ tipo, dias, series, compact }),
    [tipo, dias, series, compact],
  );
  const max = ejeMaximo({ tipo, dias, series });
  const vacio = !loading && !tieneValores({ dias, series });
  const { titulo, subtitulo } = TEXTOS[tipo];
  const labelId = `titulo-${tipo}`;
  return (
    <ChartCard titulo={titulo} subtitulo={subtitulo} labelId={labelId} testId={`card-${tipo}`}>
      <Chart
        option={option}
        loading={loading}
        height={300}
        testId={`grafico-${tipo}`}
        ariaLabel={`${titulo}: ${series.length} líneas, eje hasta ${formatNumber(max)} min${vacio ? ', sin valores en el período' : ''}`}
        onItemClick={({ seriesName }) => {
          const s = series.find((x) => x.nombre === seriesName);
          if (s) onDetails(s.variable);
        }}
      />
      {vacio && (
        <Typography variant="body2" color="text.secondary" data-testid={`sin-valores-${tipo}`}>
          Ninguna línea tiene {tipo.toUpperCase()} en el período.
        </Typography>
      )}
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}
        role="group"
        aria-label={`Detalles de ${titulo}`}
      >
        {series.map((s) => (
          <Chip
            key={s.variable}
            size="small"
            variant="outlined"
            label={`Detalles ${s.nombre}`}
            onClick={() => onDetails(s.variable)}
            data-testid={`detalles-${tipo}-${s.linea}`}
            sx={{ borderColor: colorLinea(s.linea) }}
          />
        ))}
      </Box>
    </ChartCard>
  );
}
