import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { formatFecha } from '../../../components/charts/format.ts';
import { ProductionDatePicker } from '../../../components/dates/production-date-picker.tsx';
import { MonthSteps } from '../../../components/dates/month-steps.tsx';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { diasDelPeriodo, type Periodo } from '../utils/periodo.ts';

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
  const dias = diasDelPeriodo(periodo.desde, periodo.hasta);
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
        <ToggleButtonGroup
          size="small"
          exclusive
          value={periodo.mes ? 'mes' : 'rango'}
          aria-label="Periodo"
          onChange={(_e, value: 'mes' | 'rango' | null) => {
            if (value === 'mes') onPeriodo(null);
            if (value === 'rango') onPeriodo({ desde: periodo.desde, hasta: periodo.hasta });
          }}
        >
          <ToggleButton value="mes" data-testid="periodo-mes">
            Mes
          </ToggleButton>
          <ToggleButton value="rango" data-testid="periodo-rango">
            Rango
          </ToggleButton>
        </ToggleButtonGroup>
        {!periodo.mes && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
            <ProductionDatePicker
              label="Desde"
              testId="periodo-desde"
              value={periodo.desde}
              minDate={firstDay}
              maxDate={periodo.hasta}
              onChange={(desde) => onPeriodo({ desde, hasta: periodo.hasta })}
            />
            <ProductionDatePicker
              label="Hasta"
              testId="periodo-hasta"
              value={periodo.hasta}
              minDate={periodo.desde}
              maxDate={hoy}
              onChange={(hasta) => onPeriodo({ desde: periodo.desde, hasta })}
            />
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="periodo-texto">
          Del {formatFecha(periodo.desde)} al {formatFecha(periodo.hasta)} · {dias}{' '}
          {dias === 1 ? 'día' : 'días'}
        </Typography>
      </Box>
    </Box>
  );
}
