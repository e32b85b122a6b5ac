import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, Tooltip } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { addDays } from '@planta/domain';
import dayjs, { type Dayjs } from 'dayjs';

/** How plant dates are typed and shown in the pickers. */
export const DATE_FORMAT = 'DD/MM/YYYY';

export interface ProductionDatePickerProps {
  /** The selected production day, YYYY-MM-DD. */
  value: string;
  /** Called with a valid YYYY-MM-DD within [minDate, maxDate] (partly typed dates are ignored). */
  onChange: (fecha: string) => void;
  /** Latest selectable day, YYYY-MM-DD: pass the current production day (no future days). */
  maxDate?: string;
  /** Earliest selectable day, YYYY-MM-DD. */
  minDate?: string;
  /** Field label (default 'Día de producción'). */
  label?: string;
  /** data-testid of the control (the day buttons get `-anterior` / `-siguiente`). */
  testId?: string;
}

const toDayjs = (fecha: string | undefined) => (fecha ? dayjs(fecha) : undefined);

/**
 * A production day: the MUI X date picker (DD/MM/YYYY, Spanish calendar starting on Monday)
 * between 'previous day' and 'next day' buttons. Needs DatesProvider above it (the router's
 * `withDates`). Pair it with useProductionDate():
 *
 * ```tsx
 * const { fecha, today, setFecha } = useProductionDate();
 * {fecha && <ProductionDatePicker value={fecha} maxDate={today} onChange={setFecha} />}
 * ```
 */
export function ProductionDatePicker({
  value,
  onChange,
  maxDate,
  minDate,
  label = 'Día de producción',
  testId = 'selector-fecha',
}: ProductionDatePickerProps) {
  const inRange = (fecha: string) => (!maxDate || fecha <= maxDate) && (!minDate || fecha >= minDate);
  const change = (fecha: string) => {
    if (fecha !== value && inRange(fecha)) onChange(fecha);
  };
  const handlePickerChange = (next: Dayjs | null) => {
    if (next?.isValid()) change(next.format('YYYY-MM-DD'));
  };
  const previous = addDays(value, -1);
  const next = addDays(value, 1);

  return (
    <Box data-testid={testId} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Tooltip title="Día anterior">
        <span>
          <IconButton
            aria-label="Día anterior"
            data-testid={`${testId}-anterior`}
            disabled={!inRange(previous)}
            onClick={() => change(previous)}
          >
            <ChevronLeftIcon />
          </IconButton>
        </span>
      </Tooltip>
      <DatePicker
        label={label}
        value={toDayjs(value)}
        onChange={handlePickerChange}
        format={DATE_FORMAT}
        maxDate={toDayjs(maxDate)}
        minDate={toDayjs(minDate)}
        slotProps={{ textField: { size: 'small', sx: { width: 178, flexShrink: 0 } } }}
      />
      <Tooltip title="Día siguiente">
        <span>
          <IconButton
            aria-label="Día siguiente"
            data-testid={`${testId}-siguiente`}
            disabled={!inRange(next)}
            onClick={() => change(next)}
          >
            <ChevronRightIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
