import type { ChartOption } from './echarts.ts';

/** The numbers a chart draws, as a table for screen readers and keyboard users. */
export interface ChartTable {
  /** The category axis' name (or 'Categoría') then one column per named series. */
  columns: string[];
  rows: string[][];
  /** Rows left out beyond the cap. */
  omitted: number;
}

/** Rows kept in the table: a day's minutes would make a page of 1,440 hidden rows. */
export const CHART_TABLE_MAX_ROWS = 400;

type Axis = { type?: string; name?: unknown; data?: unknown[] };
type Series = { name?: unknown; type?: string; data?: unknown[] };

const asArray = <T>(value: unknown): T[] =>
  Array.isArray(value) ? (value as T[]) : value ? [value as T] : [];

const number = new Intl.NumberFormat('es-PE', { maximumFractionDigits: 2 });

/** The value a series item stands for at its category: a number, [x, y] or { value }. */
function itemValue(item: unknown, horizontal: boolean): number | null {
  const raw =
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? (item as { value?: unknown }).value
      : item;
  const value = Array.isArray(raw) ? raw[horizontal ? 0 : 1] : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const label = (category: unknown): string =>
  category !== null && typeof category === 'object'
    ? String((category as { value?: unknown }).value ?? '')
    : String(category ?? '');

/**
 * The table of a chart with a category axis (bars, lines by day or hour, Pareto): one row per
 * category, one column per named series. Charts on a time or value axis only (a day's minutes)
 * give null: their text alternative is the summary in the chart's label.
 */
export function chartTable(option: ChartOption | null | undefined): ChartTable | null {
  if (!option) return null;
  const xAxis = asArray<Axis>(option.xAxis)[0];
  const yAxis = asArray<Axis>(option.yAxis)[0];
  const horizontal = !Array.isArray(xAxis?.data) && Array.isArray(yAxis?.data);
  const axis = horizontal ? yAxis : xAxis;
  if (!axis || !Array.isArray(axis.data) || axis.data.length === 0) return null;
  const series = asArray<Series>(option.series).filter(
    (s) => typeof s.name === 'string' && s.name !== '' && Array.isArray(s.data) && s.type !== 'pie',
  );
  if (series.length === 0) return null;
  const categories = axis.data.slice(0, CHART_TABLE_MAX_ROWS);
  return {
    columns: [
      typeof axis.name === 'string' && axis.name !== '' ? axis.name : 'Categoría',
      ...series.map((s) => String(s.name)),
    ],
    rows: categories.map((category, i) => [
      label(category),
      ...series.map((s) => {
        const value = itemValue(s.data![i], horizontal);
        return value === null ? '—' : number.format(value);
      }),
    ]),
    omitted: axis.data.length - categories.length,
  };
}
