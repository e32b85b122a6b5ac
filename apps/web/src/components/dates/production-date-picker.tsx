import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, InputAdornment, Tooltip } from '@mui/material';
import { DateField } from '@mui/x-date-pickers/DateField';
import { usePickerAdapter, usePickerTranslations } from '@mui/x-date-pickers/hooks';
import { CalendarIcon } from '@mui/x-date-pickers/icons';
import { addDays } from '@planta/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { type KeyboardEvent, lazy, Suspense, useRef, useState } from 'react';
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

// The calendar (MUI X DateCalendar) loads when its button is first used: the typed field is all a
// screen needs to paint (DESIGN §8's JavaScript budget).
const DateCalendarPopover = lazy(() => import('./date-calendar-popover.tsx'));

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
 * A production day: the MUI X date field (DD/MM/YYYY) with a calendar button (Spanish calendar
 * starting on Monday, loaded on first use) between 'previous day' and 'next day' buttons. Typing edits a draft: the date is applied only
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
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [calendarLoaded, setCalendarLoaded] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const adapter = usePickerAdapter();
  const translations = usePickerTranslations();

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
    // The field reports its value again after Enter: the same date keeps its error.
    const same =
      next === draft ||
      (next !== null &&
        draft !== null &&
        next.isValid() === draft.isValid() &&
        (!next.isValid() || next.isSame(draft, 'day')));
    if (same) return;
    setDraft(next);
    // While typing, an earlier error no longer applies; it is checked again when the date is applied.
    setFieldError(null);
  };
  const openCalendar = () => {
    openRef.current = true;
    setAnchor(fieldRef.current);
    setCalendarLoaded(true);
    setCalendarOpen(true);
  };
  const closeCalendar = () => {
    openRef.current = false;
    setCalendarOpen(false);
  };
  const handlePick = (day: Dayjs) => {
    closeCalendar();
    setDraft(day);
    commit(day);
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
  const openLabel = translations.openDatePickerDialogue(
    draft && adapter.isValid(draft) ? adapter.format(draft, 'fullDate') : null,
  );

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
      <DateField
        ref={fieldRef}
        label={label}
        value={draft}
        onChange={handleChange}
        format={DATE_FORMAT}
        maxDate={toDayjs(maxDate) ?? undefined}
        minDate={toDayjs(minDate) ?? undefined}
        onKeyDown={handleKeyDown}
        onBlur={handleBlur}
        slotProps={{
          textField: {
            size: 'small',
            error: message !== null,
            helperText: message,
            sx: { width: 178, flexShrink: 0 },
            slotProps: {
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton edge="end" aria-label={openLabel} onClick={openCalendar}>
                      <CalendarIcon />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            },
          },
        }}
      />
      {calendarLoaded && (
        <Suspense fallback={null}>
          <DateCalendarPopover
            anchorEl={anchor}
            open={calendarOpen}
            value={draft}
            minDate={toDayjs(minDate) ?? undefined}
            maxDate={toDayjs(maxDate) ?? undefined}
            onPick={handlePick}
            onClose={closeCalendar}
          />
        </Suspense>
      )}
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
