import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatFechaLarga } from '@planta/charts/format';
import { ProductionDatePicker } from './production-date-picker.tsx';

export interface ProductionDayBarProps {
  /** The chosen production day (YYYY-MM-DD). */
  fecha: string;
  /** The production day in progress; later days cannot be chosen. */
  today: string | undefined;
  /** The plant's first day of history; earlier days cannot be chosen. */
  firstDay?: string;
  isToday: boolean;
  onChange: (fecha: string) => void;
  /** The URL's date when it could not be used (shown as the field's error; the screen shows today). */
  invalidParam?: string | null;
  /** The chip shown on the day in progress (default 'Día en curso'). */
  todayLabel?: string;
  /** The field's label (default 'Día de producción'). */
  label?: string;
  /** What the screen adds to the bar (e.g. Planificación's month steps) instead of the long date. */
  children?: ReactNode;
}

/**
 * The date bar of every dated screen, the one date control of the app: the production-day picker,
 * the day written out ('Domingo, 22 de noviembre de 2026') or the screen's own controls, and
 * 'Día en curso' on the day in progress or 'Ir a hoy' on another day. It never depends on the
 * screen's data: screens render it first and show their errors below it.
 */
export function ProductionDayBar({
  fecha,
  today,
  firstDay,
  isToday,
  onChange,
  invalidParam = null,
  todayLabel = 'Día en curso',
  label,
  children,
}: ProductionDayBarProps) {
  return (
    <Box component="section" aria-label="Día de producción" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, flexWrap: 'wrap' }}>
        <ProductionDatePicker
          value={fecha}
          maxDate={today}
          minDate={firstDay}
          onChange={onChange}
          label={label}
          error={invalidParam === null ? null : 'Fecha no válida'}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flexWrap: 'wrap' }}>
          {children ?? (
            <Typography data-testid="fecha-larga" sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
              {formatFechaLarga(fecha)}
            </Typography>
          )}
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
      {invalidParam !== null && (
        <Alert
          severity="warning"
          data-testid="fecha-invalida"
          action={
            today && (
              <Button color="inherit" size="small" onClick={() => onChange(today)}>
                Aceptar
              </Button>
            )
          }
        >
          La fecha de la dirección («{invalidParam.slice(0, 40)}») no es válida o está fuera de los datos: se
          muestra el día en curso.
        </Alert>
      )}
    </Box>
  );
}
