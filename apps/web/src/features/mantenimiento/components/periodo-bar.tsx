import { Box } from '@mui/material';
import { MonthSteps } from '../../../components/dates/month-steps.tsx';
import { PeriodoSelector } from '../../../components/dates/periodo-selector.tsx';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import type { Periodo } from '../utils/periodo.ts';

export interface PeriodoBarProps {
  /** The production day of the hourly energy chart; its month is the default range. */
  fecha: string;
  hoy: string | undefined;
  firstDay?: string;
  isToday: boolean;
  invalidParam?: string | null;
  onFecha: (fecha: string) => void;
  periodo: Periodo;
  /** A chosen range (both ends), or null to go back to the month of `fecha`. */
  onPeriodo: (periodo: { desde: string; hasta: string } | null) => void;
  /** A month step: shows the day `fecha` and its whole month (one URL change). */
  onMes: (fecha: string) => void;
}

/**
 * The dates of Energía: the app's date bar (the production day, with month steps) and the range of
 * the maintenance figures — the day's month by default, or a chosen Desde/Hasta (both pickers are
 * the app's date field, bounded by the first day of history and today).
 */
export function PeriodoBar({
  fecha,
  hoy,
  firstDay,
  isToday,
  invalidParam,
  onFecha,
  periodo,
  onPeriodo,
  onMes,
}: PeriodoBarProps) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <ProductionDayBar
        fecha={fecha}
        today={hoy}
        firstDay={firstDay}
        isToday={isToday}
        invalidParam={invalidParam}
        onChange={onFecha}
      >
        <MonthSteps
          fecha={fecha}
          hoy={hoy}
          minimo={firstDay ? firstDay.slice(0, 8) + '01' : undefined}
          onMes={onMes}
        />
      </ProductionDayBar>
      <Box
        component="section"
        aria-label="Periodo de mantenimiento"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1, sm: 2 }, minWidth: 0 }}
      >
        <PeriodoSelector periodo={periodo} hoy={hoy} minimo={firstDay} onPeriodo={onPeriodo} />
      </Box>
    </Box>
  );
}
