import 'dayjs/locale/es-us';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import type { ReactNode } from 'react';

/** SPEC §9: the date pickers' locale. */
export const DATE_LOCALE = 'es-us';

// Spanish weeks start on Monday (SPEC §9); dayjs's es-us locale starts them on Sunday.
dayjs.extend(updateLocale);
dayjs.updateLocale(DATE_LOCALE, { weekStart: 1 });

const localeText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * The MUI X pickers' context (dayjs adapter, locale es-us, Spanish texts). The router wraps the
 * screens that use date controls in it (see `withDates` in app/screens.ts), so the pickers and
 * dayjs locales load with those screens only, never with the login screen.
 */
export function DatesProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={DATE_LOCALE} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
