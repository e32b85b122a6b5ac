import ChevronLeftIcon from '@mui/icons-material/KeyboardDoubleArrowLeft';
import ChevronRightIcon from '@mui/icons-material/KeyboardDoubleArrowRight';
import { Box, IconButton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatMesAnioLargo } from '@planta/charts/format';
import { Hint } from '../feedback/hint.tsx';

/**
 * Where a month step goes from `fecha`, `delta` months away: that month's last day, so a past
 * month is seen whole; today for the current month (never a future day); null past today's month.
 */
export function moverMes(fecha: string, delta: number, hoy: string): string | null {
  const [y, m] = fecha.split('-').map(Number) as [number, number];
  const primero = new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 10);
  if (primero > hoy) return null;
  const [ty, tm] = primero.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(ty, tm, 0)).toISOString().slice(0, 10);
  return ultimo < hoy ? ultimo : hoy;
}

export interface MonthStepsProps {
  /** The date shown: its month is the label. */
  fecha: string;
  hoy: string | undefined;
  /** No step to a date before this one. */
  minimo?: string;
  onMes: (fecha: string) => void;
}

/** « Noviembre 2026 »: month steps for ProductionDayBar's extra slot (Planificación, Energía). */
export function MonthSteps({ fecha, hoy, minimo, onMes }: MonthStepsProps) {
  const paso = (label: string, testId: string, delta: number, icon: ReactNode) => {
    const destino = hoy ? moverMes(fecha, delta, hoy) : null;
    return (
      <Hint title={label}>
        <span>
          <IconButton
            aria-label={label}
            data-testid={testId}
            disabled={destino === null || (minimo !== undefined && destino < minimo)}
            onClick={() => destino && onMes(destino)}
          >
            {icon}
          </IconButton>
        </span>
      </Hint>
    );
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      {paso('Mes anterior', 'selector-mes-anterior', -1, <ChevronLeftIcon />)}
      <Typography
        data-testid="mes-seleccionado"
        sx={{ minWidth: 132, textAlign: 'center', fontWeight: 500 }}
        aria-live="polite"
      >
        {formatMesAnioLargo(fecha)}
      </Typography>
      {paso('Mes siguiente', 'selector-mes-siguiente', 1, <ChevronRightIcon />)}
    </Box>
  );
}
