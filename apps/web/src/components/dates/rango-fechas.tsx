import { Box } from '@mui/material';
import { ProductionDatePicker } from './production-date-picker.tsx';

export interface RangoFechasProps {
  desde: string;
  hasta: string;
  /** The production day in progress (no later days) and the plant's first day of history. */
  hoy: string | undefined;
  primerDia?: string;
  /** Called with complete, valid dates only (a half-typed date never reaches it). */
  onChange: (cambio: { desde?: string; hasta?: string }) => void;
  testId?: string;
}

/** A range of production days: two of the app's date pickers, 'Desde' and 'Hasta'. */
export function RangoFechas({ desde, hasta, hoy, primerDia, onChange, testId = 'rango' }: RangoFechasProps) {
  return (
    <Box
      role="group"
      aria-label="Rango de fechas"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', minWidth: 0 }}
    >
      <ProductionDatePicker
        value={desde}
        label="Desde"
        maxDate={hoy}
        minDate={primerDia}
        onChange={(fecha) => onChange({ desde: fecha })}
        testId={`${testId}-desde`}
      />
      <ProductionDatePicker
        value={hasta}
        label="Hasta"
        maxDate={hoy}
        minDate={primerDia}
        onChange={(fecha) => onChange({ hasta: fecha })}
        testId={`${testId}-hasta`}
      />
    </Box>
  );
}
