import {
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  ToggleButton,
  ToggleButtonGroup,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { Chart } from '../../../components/charts/chart.tsx';
import type { AgruparParos, BarraPareto } from '../api/mantenimiento.ts';
import { alturaPareto, buildParetoOption } from '@planta/charts/mantenimiento/pareto-option';
import { ChartCard } from './chart-card.tsx';

export interface ParetoCardProps {
  barras: readonly BarraPareto[] | undefined;
  loading: boolean;
  agrupar: AgruparParos;
  onAgrupar: (agrupar: AgruparParos) => void;
  /** The line filtered (null: every line) and the lines to choose from. */
  linea: number | null;
  lineas: readonly { linea: number; nombre: string }[];
  onLinea: (linea: number | null) => void;
}

/** What stops the lines most: downtime (failures and micro-stops) by cause or equipment, with the running %. */
export function ParetoCard({ barras, loading, agrupar, onAgrupar, linea, lineas, onLinea }: ParetoCardProps) {
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const option = useMemo(
    () => (barras ? buildParetoOption({ barras, agrupar, compact }) : null),
    [barras, agrupar, compact],
  );
  return (
    <ChartCard
      titulo="Pareto de paros"
      subtitulo={`Minutos de paro (fallas y microparos) por ${agrupar === 'CAUSA' ? 'causa' : 'equipo'}, de mayor a menor, con el % acumulado.`}
      labelId="titulo-pareto"
      testId="card-pareto"
      acciones={
        <>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={agrupar}
            aria-label="Agrupar paros por"
            onChange={(_e, value: AgruparParos | null) => value && onAgrupar(value)}
          >
            <ToggleButton value="CAUSA" data-testid="pareto-causa">
              Causa
            </ToggleButton>
            <ToggleButton value="EQUIPO" data-testid="pareto-equipo">
              Equipo
            </ToggleButton>
          </ToggleButtonGroup>
          <FormControl size="small" sx={{ minWidth: 130 }}>
            <InputLabel id="pareto-linea-label">Línea</InputLabel>
            <Select
              labelId="pareto-linea-label"
              label="Línea"
              data-testid="pareto-linea"
              value={linea === null ? 'todas' : String(linea)}
              onChange={(e) => onLinea(e.target.value === 'todas' ? null : Number(e.target.value))}
            >
              <MenuItem value="todas">Todas</MenuItem>
              {lineas.map((l) => (
                <MenuItem key={l.linea} value={String(l.linea)}>
                  {l.nombre}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </>
      }
    >
      <Chart
        option={option}
        loading={loading}
        height={alturaPareto(barras?.length ?? 0)}
        testId="grafico-pareto"
        ariaLabel={`Pareto de paros por ${agrupar === 'CAUSA' ? 'causa' : 'equipo'}: ${barras?.length ?? 0} barras`}
      />
    </ChartCard>
  );
}
