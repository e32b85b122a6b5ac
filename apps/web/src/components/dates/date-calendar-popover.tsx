import { Popover } from '@mui/material';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import type { Dayjs } from 'dayjs';

export interface DateCalendarPopoverProps {
  /** The field the calendar opens under. */
  anchorEl: HTMLElement | null;
  open: boolean;
  /** The field's date (null or invalid: the calendar opens on the reference month). */
  value: Dayjs | null;
  minDate?: Dayjs;
  maxDate?: Dayjs;
  /** A day chosen in the calendar (after the year, when the year view was used). */
  onPick: (day: Dayjs) => void;
  onClose: () => void;
}

/**
 * The calendar of the production-day field: the MUI X DateCalendar (year and day views, Spanish,
 * weeks from Monday) in a popover under the field. Loaded only when the calendar button is first
 * used (production-date-picker.tsx), so a screen's first paint carries only the typed field.
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
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
    >
      <DateCalendar
        value={value?.isValid() ? value : null}
        minDate={minDate}
        maxDate={maxDate}
        autoFocus
        onChange={(day: Dayjs | null, selectionState) => {
          if (day && selectionState === 'finish') onPick(day);
        }}
      />
    </Popover>
  );
}
