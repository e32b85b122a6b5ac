import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { diasDelPeriodo, MAX_DIAS_PERIODO, type Periodo } from '@planta/charts';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { formatFecha } from '@planta/charts/format';
import { moverRango } from '@planta/charts/rango-url';
import { ProductionDatePicker } from './production-date-picker.tsx';

export interface PeriodoSelectorProps {
  periodo: Periodo;
  hoy: string | undefined;
  /** The first day that may be picked (e.g. the first day of history). */
  minimo?: string;
  /** A chosen range (both ends), or null to go back to the month. */
  onPeriodo: (periodo: { desde: string; hasta: string } | null) => void;
  /** What the 'Mes' mode shows beside the switch (e.g. the month steps); nothing by default. */
  mes?: ReactNode;
  /** Appended to the range's text ('semanas de lunes a domingo'). */
  nota?: string;
  /** Extra controls after the range (filters, actions). */
  children?: ReactNode;
}

/**
 * A range of days for a screen's figures: a month by default ('Mes') or a chosen Desde/Hasta
 * ('Rango', the app's date fields, bounded by `minimo` and today), and the range in words.
 */
export function PeriodoSelector({
  periodo,
  hoy,
  minimo,
  onPeriodo,
  mes,
  nota,
  children,
}: PeriodoSelectorProps) {
  const dias = diasDelPeriodo(periodo.desde, periodo.hasta);
  // The screen may show the new range a moment after it was asked for (the router renders it as a
  // transition while the range's data loads): an end typed meanwhile goes with the other end asked
  // for, not with the one still shown (typing 'Hasta' then 'Desde' quickly kept the old 'Hasta').
  const pedido = useRef<{ desde: string; hasta: string } | null>(null);
  // Once another range is shown, what was asked is behind us (shown again later, it starts afresh).
  useLayoutEffect(() => {
    pedido.current = null;
  }, [periodo.desde, periodo.hasta]);
  const pedir = (cambio: { desde?: string; hasta?: string }) => {
    // Each field is bounded by the other end as shown; against the one asked for, the end just
    // typed wins and the other follows it (within the longest range).
    const rango = moverRango(pedido.current ?? periodo, cambio, MAX_DIAS_PERIODO);
    pedido.current = rango;
    onPeriodo(rango);
  };
  return (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={periodo.mes ? 'mes' : 'rango'}
        aria-label="Periodo"
        onChange={(_e, value: 'mes' | 'rango' | null) => {
          if (value === 'mes') {
            pedido.current = null;
            onPeriodo(null);
          }
          if (value === 'rango') pedir({});
        }}
      >
        <ToggleButton value="mes" data-testid="periodo-mes">
          Mes
        </ToggleButton>
        <ToggleButton value="rango" data-testid="periodo-rango">
          Rango
        </ToggleButton>
      </ToggleButtonGroup>
      {periodo.mes ? (
        mes
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
          <ProductionDatePicker
            label="Desde"
            testId="periodo-desde"
            value={periodo.desde}
            minDate={minimo}
            maxDate={periodo.hasta}
            onChange={(desde) => pedir({ desde })}
          />
          <ProductionDatePicker
            label="Hasta"
            testId="periodo-hasta"
            value={periodo.hasta}
            minDate={periodo.desde}
            maxDate={hoy}
            onChange={(hasta) => pedir({ hasta })}
          />
        </Box>
      )}
      {children}
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="periodo-texto"
        sx={children ? { flexBasis: '100%' } : undefined}
      >
        Del {formatFecha(periodo.desde)} al {formatFecha(periodo.hasta)} · {dias}{' '}
        {dias === 1 ? 'día' : 'días'}
        {nota ? ` · ${nota}` : ''}
      </Typography>
    </>
  );
}
