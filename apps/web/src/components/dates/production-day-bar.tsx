import { Box, Button, Chip, Typography } from '@mui/material';
import { formatFechaLarga } from '../charts/format.ts';
import { ProductionDatePicker } from './production-date-picker.tsx';

export interface ProductionDayBarProps {
  /** The chosen production day (YYYY-MM-DD). */
  fecha: string;
  /** The production day in progress; later days cannot be chosen. */
  today: string | undefined;
  isToday: boolean;
  onChange: (fecha: string) => void;
  /** The chip shown on the day in progress (default 'Día en curso'). */
  todayLabel?: string;
}

/**
 * The date bar of the dashboards: the production-day picker, the day written out ('Domingo, 22 de
 * noviembre de 2026'), and 'Día en curso' on the day in progress or 'Ir a hoy' on another day.
 */
export function ProductionDayBar({
  fecha,
  today,
  isToday,
  onChange,
  todayLabel = 'Día en curso',
}: ProductionDayBarProps) {
  return (
    <Box
      component="section"
      aria-label="Día de producción"
      sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, flexWrap: 'wrap' }}
    >
      <ProductionDatePicker value={fecha} maxDate={today} onChange={onChange} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flexWrap: 'wrap' }}>
        <Typography data-testid="fecha-larga" sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
          {formatFechaLarga(fecha)}
        </Typography>
        {isToday ? (
          <Chip size="small" color="primary" variant="outlined" label={todayLabel} />
        ) : (
          today && (
            <Button size="small" onClick={() => onChange(today)}>
              Ir a hoy
            </Button>
          )
        )}
      </Box>
    </Box>
  );
}
