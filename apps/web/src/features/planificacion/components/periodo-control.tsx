import ChevronLeftIcon from '@mui/icons-material/KeyboardDoubleArrowLeft';
import ChevronRightIcon from '@mui/icons-material/KeyboardDoubleArrowRight';
import { Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatMesAnioLargo } from '../../../components/charts/format.ts';
import { ProductionDatePicker } from '../../../components/dates/production-date-picker.tsx';
import { moverMes } from '../utils/periodo.ts';

export interface PeriodoControlProps {
  /** The chosen date (its month and year are the screen's period). */
  fecha: string;
  /** The current production day: the latest date. */
  hoy: string | undefined;
  isToday: boolean;
  onChange: (fecha: string) => void;
}

/**
 * The period of Planificación: a date (the month to date and the year to date are counted up to
 * it) and month steps — a past month opens on its last day, so it is seen whole.
 */
export function PeriodoControl({ fecha, hoy, isToday, onChange }: PeriodoControlProps) {
  const anterior = hoy ? moverMes(fecha, -1, hoy) : null;
  const siguiente = hoy ? moverMes(fecha, 1, hoy) : null;
  const paso = (label: string, testId: string, destino: string | null, icon: ReactNode) => (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          data-testid={testId}
          disabled={destino === null}
          onClick={() => destino && onChange(destino)}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Box
      component="section"
      aria-label="Periodo"
      sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, flexWrap: 'wrap' }}
    >
      <ProductionDatePicker value={fecha} maxDate={hoy} onChange={onChange} label="Fecha" />
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        {paso('Mes anterior', 'selector-mes-anterior', anterior, <ChevronLeftIcon />)}
        <Typography
          data-testid="mes-seleccionado"
          sx={{ minWidth: 132, textAlign: 'center', fontWeight: 500 }}
          aria-live="polite"
        >
          {formatMesAnioLargo(fecha)}
        </Typography>
        {paso('Mes siguiente', 'selector-mes-siguiente', siguiente, <ChevronRightIcon />)}
      </Box>
      {isToday ? (
        <Chip size="small" color="primary" variant="outlined" label="Día en curso" />
      ) : (
        hoy && (
          <Button size="small" onClick={() => onChange(hoy)}>
            Ir a hoy
          </Button>
        )
      )}
    </Box>
  );
}
