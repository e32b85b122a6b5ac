import { Popover } from '@mui/material';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import dayjs, { type Dayjs } from 'dayjs';
import { DatesProvider } from './dates-provider.tsx';

export interface DateCalendarPopoverProps {
  /** The field the calendar opens under. */
  anchorEl: HTMLElement | null;
  open: boolean;
  /** The day the calendar opens on, YYYY-MM-DD. */
  value: string;
  minDate?: string;
  maxDate?: string;
  /** A day chosen in the calendar (after the year, when the year view was used), YYYY-MM-DD. */
  onPick: (fecha: string) => void;
  onClose: () => void;
}

const toDayjs = (fecha: string | undefined) => (fecha ? dayjs(fecha) : undefined);

/**
 * The calendar of the production-day field: the MUI X DateCalendar (year and day views, Spanish,
 * weeks from Monday) in a popover under the field, with its own pickers context. Loaded only when
 * the calendar button is first used (production-date-picker.tsx), so a screen's first paint
 * carries neither the calendar nor dayjs's adapter and locale.
 */
export default function DateCalendarPopover({
  anchorEl,
  open,
  value,
  minDate,
  maxDate,
  onPick,
  onClose,
}: DateCalendarPopoverProps) {
  return (
    <DatesProvider>
      <Popover
        open={open}
        anchorEl={anchorEl}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      >
        <DateCalendar
          value={dayjs(value)}
          minDate={toDayjs(minDate)}
          maxDate={toDayjs(maxDate)}
          autoFocus
          onChange={(day: Dayjs | null, selectionState) => {
            if (day && selectionState === 'finish') onPick(day.format('YYYY-MM-DD'));
          }}
        />
      </Popover>
    </DatesProvider>
  );
}
