import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, Tooltip } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { DateValidationError, PickerChangeHandlerContext } from '@mui/x-date-pickers/models';
import { addDays } from '@planta/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { type KeyboardEvent, useRef, useState } from 'react';
import { formatFecha } from '../charts/format.ts';

/** How plant dates are typed and shown in the pickers. */
export const DATE_FORMAT = 'DD/MM/YYYY';

export interface ProductionDatePickerProps {
  /** The selected production day, YYYY-MM-DD. */
  value: string;
  /**
   * Called with a complete, valid YYYY-MM-DD within [minDate, maxDate], only when the user is done:
   * on Enter, when the field loses focus, on a day chosen in the calendar or with the day buttons.
   * Partly typed dates never reach it.
   */
  onChange: (fecha: string) => void;
  /** Latest selectable day, YYYY-MM-DD: pass the current production day (no future days). */
  maxDate?: string;
  /** Earliest selectable day, YYYY-MM-DD: the plant's first day of history. */
  minDate?: string;
  /** Field label (default 'Día de producción'). */
  label?: string;
  /** data-testid of the control (the day buttons get `-anterior` / `-siguiente`). */
  testId?: string;
  /** An error from outside the field (e.g. a bad date in the URL), shown until a date is chosen. */
  error?: string | null;
}

const toDayjs = (fecha: string | undefined) => (fecha ? dayjs(fecha) : null);

/** The field's Spanish message for a date that cannot be applied; null when it can. */
export function dateError(
  draft: Dayjs | null,
  minDate: string | undefined,
  maxDate: string | undefined,
): string | null {
  if (draft === null) return 'Escriba una fecha (DD/MM/AAAA)';
  if (!draft.isValid()) return 'Fecha no válida (DD/MM/AAAA)';
  const fecha = draft.format('YYYY-MM-DD');
  if (minDate && fecha < minDate) return `No hay datos antes del ${formatFecha(minDate)}`;
  if (maxDate && fecha > maxDate) return `No hay datos después del ${formatFecha(maxDate)}`;
  return null;
}

/**
 * A production day: the MUI X date picker (DD/MM/YYYY, Spanish calendar starting on Monday)
 * between 'previous day' and 'next day' buttons. Typing edits a draft: the date is applied only
 * when complete and valid (Enter, leaving the field, or a day picked in the calendar); a bad one
 * shows the field's error and the screen keeps its day. Needs DatesProvider above it (the
 * router's `withDates`). Screens use it through ProductionDayBar.
 */
export function ProductionDatePicker({
  value,
  onChange,
  maxDate,
  minDate,
  label = 'Día de producción',
  testId = 'selector-fecha',
  error: externalError = null,
}: ProductionDatePickerProps) {
  const [draft, setDraft] = useState<Dayjs | null>(() => toDayjs(value));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [shownValue, setShownValue] = useState(value);
  const openRef = useRef(false);

  // A new value from outside (day buttons, 'Ir a hoy', the URL) replaces whatever was typed.
  if (value !== shownValue) {
    setShownValue(value);
    const next = toDayjs(value);
    setDraft(next);
    setFieldError(null);
  }

  const inRange = (fecha: string) => (!maxDate || fecha <= maxDate) && (!minDate || fecha >= minDate);
  const change = (fecha: string) => {
    if (fecha !== value && inRange(fecha)) onChange(fecha);
  };
  const commit = (candidate: Dayjs | null) => {
    const message = dateError(candidate, minDate, maxDate);
    setFieldError(message);
    if (message === null && candidate) change(candidate.format('YYYY-MM-DD'));
  };
  const handleChange = (next: Dayjs | null) => {
    setDraft(next);
    // While typing, an earlier error no longer applies; it is checked again when the date is applied.
    setFieldError(null);
  };
  const handleAccept = (next: Dayjs | null, context: PickerChangeHandlerContext<DateValidationError>) => {
    // Field edits are "accepted" on every keystroke: apply only a choice made in the calendar.
    if (openRef.current || context.source === 'view') commit(next);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') commit(draft);
  };
  const handleBlur = () => {
    if (!openRef.current) commit(draft);
  };
  const previous = addDays(value, -1);
  const next = addDays(value, 1);
  const message = fieldError ?? externalError;

  return (
    <Box data-testid={testId} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
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
        value={draft}
        onChange={handleChange}
        onAccept={handleAccept}
        onOpen={() => {
          openRef.current = true;
        }}
        onClose={() => {
          openRef.current = false;
        }}
        format={DATE_FORMAT}
        maxDate={toDayjs(maxDate) ?? undefined}
        minDate={toDayjs(minDate) ?? undefined}
        slotProps={{
          field: { onKeyDown: handleKeyDown, onBlur: handleBlur },
          textField: {
            size: 'small',
            error: message !== null,
            helperText: message,
            sx: { width: 178, flexShrink: 0 },
          },
        }}
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
