import { Box, ToggleButton, ToggleButtonGroup, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import { Chart } from '../../../components/charts/chart.tsx';
import type { PerdidasOee } from '../api/perdidas.ts';
import { alturaCascada, buildCascadaOption, pasosCascada } from '../utils/cascada-option.ts';
import { MARCHA, SIN_MOTIVO } from '../utils/clases.ts';
import {
  alturaLineaTiempo,
  buildLineaTiempoOption,
  type LineaTiempoEntrada,
} from '../utils/linea-tiempo-option.ts';
import {
  alturaParetoPerdidas,
  barrasPareto,
  buildParetoPerdidasOption,
  type MedidaPareto,
} from '../utils/pareto-option.ts';
import { LeyendaEstados } from './leyenda-estados.tsx';

const useCompact = () => useMediaQuery(useTheme().breakpoints.down('sm'));

/** The OEE waterfall: planned busy time down to fully productive time, loss by loss. */
export function CascadaCard({ datos, loading }: { datos: PerdidasOee | undefined; loading: boolean }) {
  const compact = useCompact();
  const option = useMemo(() => (datos ? buildCascadaOption(datos, compact) : null), [datos, compact]);
  const n = datos ? pasosCascada(datos).length : 8;
  return (
    <ChartCard
      titulo="Cascada del OEE"
      subtitulo="Del tiempo planificado al tiempo totalmente productivo: cada pérdida en minutos, por disponibilidad, rendimiento y calidad."
      ariaLabel="Cascada del OEE"
      busy={loading}
    >
      <Chart
        option={option}
        loading={loading}
        height={alturaCascada(n)}
        testId="grafico-cascada"
        ariaLabel={`Cascada del OEE: ${n} barras`}
      />
      <LeyendaEstados
        estados={['FALLA', 'CAMBIO_FORMATO', SIN_MOTIVO, 'MICROPARO', 'VELOCIDAD', 'CALIDAD', 'ARRANQUE']}
      />
    </ChartCard>
  );
}

/** The Pareto of unplanned stops' reasons, in minutes or occurrences. */
export function ParetoCard({ datos, loading }: { datos: PerdidasOee | undefined; loading: boolean }) {
  const compact = useCompact();
  const [medida, setMedida] = useState<MedidaPareto>('minutos');
  const motivos = datos?.pareto;
  const option = useMemo(
    () => (motivos ? buildParetoPerdidasOption(motivos, medida, compact) : null),
    [motivos, medida, compact],
  );
  const n = motivos ? barrasPareto(motivos, medida).length : 6;
  return (
    <ChartCard
      titulo="Pareto de paros no planificados"
      subtitulo={`Motivos por ${medida === 'minutos' ? 'minutos de paro' : 'número de paros'}, de mayor a menor, con el % acumulado. Los paros planificados van aparte.`}
      ariaLabel="Pareto de paros no planificados"
      busy={loading}
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={medida}
        aria-label="Medir el Pareto por"
        onChange={(_e, value: MedidaPareto | null) => value && setMedida(value)}
        sx={{ mb: 1 }}
      >
        <ToggleButton value="minutos" data-testid="pareto-minutos">
          Minutos
        </ToggleButton>
        <ToggleButton value="paros" data-testid="pareto-paros">
          Paros
        </ToggleButton>
      </ToggleButtonGroup>
      <Chart
        option={option}
        loading={loading}
        height={alturaParetoPerdidas(n)}
        testId="grafico-pareto"
        ariaLabel={`Pareto de paros no planificados por ${medida === 'minutos' ? 'minutos' : 'paros'}: ${n} motivos`}
      />
    </ChartCard>
  );
}

/** The day's (or shift's) timeline of each line: running and every stop by class. */
export function LineaTiempoCard({
  lineas,
  ventana,
  timeZone,
  loading,
  titulo,
}: {
  lineas: readonly LineaTiempoEntrada[] | undefined;
  ventana: { desde: number; hasta: number } | undefined;
  timeZone: string | undefined;
  loading: boolean;
  titulo: string;
}) {
  const compact = useCompact();
  const option = useMemo(
    () => (lineas && ventana && timeZone ? buildLineaTiempoOption(lineas, ventana, timeZone, compact) : null),
    [lineas, ventana, timeZone, compact],
  );
  const n = lineas?.length ?? 1;
  return (
    <ChartCard
      titulo="Línea de tiempo"
      subtitulo={`${titulo}: marcha y cada paro por clase. Toque o pase el puntero sobre un tramo para ver su motivo, duración y quién lo dio.`}
      ariaLabel="Línea de tiempo de las líneas"
      busy={loading}
    >
      <Chart
        option={option}
        loading={loading}
        height={alturaLineaTiempo(n)}
        testId="grafico-linea-tiempo"
        ariaLabel={`Línea de tiempo: ${n} ${n === 1 ? 'línea' : 'líneas'}`}
      />
      <LeyendaEstados
        estados={[
          MARCHA,
          'FALLA',
          'CAMBIO_FORMATO',
          SIN_MOTIVO,
          'MICROPARO',
          'PLANIFICADO',
          'VELOCIDAD',
          'CALIDAD',
          'ARRANQUE',
        ]}
      />
    </ChartCard>
  );
}

/** Shown instead of the timeline over a range of days. */
export function LineaTiempoRango() {
  return (
    <Box component="section" aria-label="Línea de tiempo de las líneas">
      <Typography variant="body2" color="text.secondary" data-testid="linea-tiempo-rango">
        La línea de tiempo se muestra al elegir un día o un turno.
      </Typography>
    </Box>
  );
}
