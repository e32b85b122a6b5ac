import CalendarTodayIcon from '@mui/icons-material/CalendarToday';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Box,
  FormControl,
  FormHelperText,
  IconButton,
  InputAdornment,
  InputLabel,
  OutlinedInput,
} from '@mui/material';
import { addDays } from '@planta/domain';
import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { formatFecha } from '@planta/charts/format';
import { parseTypedDate, toTyped } from './typed-date.ts';
import { Hint } from '../feedback/hint.tsx';

export { DATE_FORMAT } from './typed-date.ts';

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

// The calendar (MUI X DateCalendar, with its dayjs adapter) loads when its button is first used:
// the typed field is all a screen needs to paint (DESIGN §8's JavaScript budget).
const DateCalendarPopover = lazy(() => import('./date-calendar-popover.tsx'));

/** The field's Spanish message for a typed date that cannot be applied; null when it can. */
export function dateError(
  text: string,
  minDate: string | undefined,
  maxDate: string | undefined,
): string | null {
  const fecha = parseTypedDate(text);
  if (fecha === 'vacia') return 'Escriba una fecha (DD/MM/AAAA)';
  if (fecha === 'invalida') return 'Fecha no válida (DD/MM/AAAA)';
  if (minDate && fecha < minDate) return `No hay datos antes del ${formatFecha(minDate)}`;
  if (maxDate && fecha > maxDate) return `No hay datos después del ${formatFecha(maxDate)}`;
  return null;
}

/**
 * A production day: a typed field (DD/MM/AAAA, as people type it: '15/03/2026', '15-3-2026',
 * '15032026') with a calendar button (Spanish calendar starting on Monday, loaded on first use)
 * between 'previous day' and 'next day' buttons. Typing edits a draft: the date is applied only
 * when complete and valid (Enter, leaving the field, or a day picked in the calendar); a bad one
 * shows the field's error and the screen keeps its day. Screens use it through ProductionDayBar.
 * (A plain text field rather than MUI X's sectioned DateField: the same behaviour for 25 KB less
 * on every dated screen, DESIGN §8.)
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
  const [draft, setDraft] = useState(() => toTyped(value));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [shownValue, setShownValue] = useState(value);
  const openRef = useRef(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [calendarLoaded, setCalendarLoaded] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const helperId = `${inputId}-ayuda`;

  // A new value from outside (day buttons, 'Ir a hoy', the URL) replaces whatever was typed.
  if (value !== shownValue) {
    setShownValue(value);
    setDraft(toTyped(value));
    setFieldError(null);
  }

  const inRange = (fecha: string) => (!maxDate || fecha <= maxDate) && (!minDate || fecha >= minDate);
  // The screen may show the new day a moment after it was asked for (the router renders it as a
  // transition): a second click on an arrow meanwhile steps from the day asked for, not again
  // from the one still shown.
  const requested = useRef<{ from: string; to: string } | null>(null);
  const change = (fecha: string) => {
    const pending = requested.current?.from === value ? requested.current.to : value;
    if (fecha !== pending && inRange(fecha)) {
      requested.current = { from: value, to: fecha };
      onChange(fecha);
    }
  };
  const step = (days: number) => {
    const pending = requested.current?.from === value ? requested.current.to : value;
    change(addDays(pending, days));
  };
  const commit = (text: string) => {
    const message = dateError(text, minDate, maxDate);
    setFieldError(message);
    if (message !== null) return;
    const fecha = parseTypedDate(text);
    setDraft(toTyped(fecha));
    change(fecha);
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
  const handlePick = (fecha: string) => {
    closeCalendar();
    commit(toTyped(fecha));
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
  const typed = parseTypedDate(draft);
  const calendarDay = typed === 'vacia' || typed === 'invalida' ? null : typed;
  const openLabel = calendarDay
    ? `Elige fecha, la fecha elegida es ${formatFecha(calendarDay)}`
    : 'Elige fecha';

  return (
    <Box data-testid={testId} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
      <Hint title="Día anterior">
        <span>
          <IconButton
            aria-label="Día anterior"
            data-testid={`${testId}-anterior`}
            disabled={!inRange(previous)}
            onClick={() => step(-1)}
          >
            <ChevronLeftIcon />
          </IconButton>
        </span>
      </Hint>
      {/* FormControl + OutlinedInput rather than TextField: TextField brings the select and the
          other input variants, which a dated dashboard never uses (DESIGN §8's budget). */}
      <FormControl ref={fieldRef} size="small" error={message !== null} sx={{ width: 178, flexShrink: 0 }}>
        <InputLabel htmlFor={inputId}>{label}</InputLabel>
        <OutlinedInput
          id={inputId}
          label={label}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            // While typing, an earlier error no longer applies; it is checked again when applied.
            setFieldError(null);
          }}
          onKeyDown={handleKeyDown}
          onBlur={handleBlur}
          placeholder="DD/MM/AAAA"
          autoComplete="off"
          aria-describedby={message !== null ? helperId : undefined}
          inputProps={{ inputMode: 'numeric', maxLength: 14, spellCheck: false }}
          endAdornment={
            <InputAdornment position="end">
              <IconButton edge="end" aria-label={openLabel} onClick={openCalendar}>
                <CalendarTodayIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          }
        />
        {message !== null && <FormHelperText id={helperId}>{message}</FormHelperText>}
      </FormControl>
      {calendarLoaded && (
        <Suspense fallback={null}>
          <DateCalendarPopover
            anchorEl={anchor}
            open={calendarOpen}
            value={calendarDay ?? value}
            minDate={minDate}
            maxDate={maxDate}
            onPick={handlePick}
            onClose={closeCalendar}
          />
        </Suspense>
      )}
      <Hint title="Día siguiente">
        <span>
          <IconButton
            aria-label="Día siguiente"
            data-testid={`${testId}-siguiente`}
            disabled={!inRange(next)}
            onClick={() => step(1)}
          >
            <ChevronRightIcon />
          </IconButton>
        </span>
      </Hint>
    </Box>
  );
}
