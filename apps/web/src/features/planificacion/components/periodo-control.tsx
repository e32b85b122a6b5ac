import { MonthSteps } from '../../../components/dates/month-steps.tsx';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';

export interface PeriodoControlProps {
  /** The chosen date (its month and year are the screen's period). */
  fecha: string;
  /** The current production day: the latest date. */
  hoy: string | undefined;
  /** The plant's first day of history: no month before its month. */
  firstDay?: string;
  isToday: boolean;
  /** The URL's date when it could not be used. */
  invalidParam?: string | null;
  onChange: (fecha: string) => void;
}

/**
 * The period of Planificación: the app's date bar (a date: the month to date and the year to date
 * are counted up to it) with month steps — a past month opens on its last day, so it is seen whole.
 */
export function PeriodoControl({
  fecha,
  hoy,
  firstDay,
  isToday,
  invalidParam,
  onChange,
}: PeriodoControlProps) {
  return (
    <ProductionDayBar
      fecha={fecha}
      today={hoy}
      firstDay={firstDay}
      isToday={isToday}
      invalidParam={invalidParam}
      onChange={onChange}
      label="Fecha"
    >
      <MonthSteps fecha={fecha} hoy={hoy} minimo={firstDay} onMes={onChange} />
    </ProductionDayBar>
  );
}
