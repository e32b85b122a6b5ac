import { Box, CircularProgress, Typography } from '@mui/material';
import type { EChartsType } from 'echarts/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { type ChartOption, init, THEME_NAME } from './echarts.ts';
import { CHART_RESIZE_THROTTLE_MS, throttle } from './throttle.ts';

/** Browser tests (Playwright sets navigator.webdriver) get charts drawn at once, without animation. */
export function animationsDisabled(): boolean {
  return typeof navigator !== 'undefined' && navigator.webdriver === true;
}

export interface ChartProps {
  /**
   * What to draw, from a pure option builder. `null`/`undefined` (nothing to show) displays
   * 'Sin datos'. Each new object replaces the previous option entirely (notMerge).
   */
  option: ChartOption | null | undefined;
  /** Data is loading: 'Cargando...' over the chart (the previous drawing stays dimmed behind). */
  loading?: boolean;
  /** CSS height of the chart area (default 320 px); the width follows the container. */
  height?: number | string;
  /** What the chart shows, for screen readers ('Producción (CU): últimos 3 meses'). */
  ariaLabel: string;
  /** data-testid of the chart's box, which also carries data-state="loading" | "empty" | "ready". */
  testId?: string;
  /** Click on a bar or point: its category index and series name. */
  onItemClick?: (item: { dataIndex: number; seriesName: string }) => void;
}

function Overlay({ children, dim }: { children: ReactNode; dim?: boolean }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        bgcolor: dim ? 'rgba(22, 27, 34, 0.6)' : 'transparent',
        zIndex: 1,
      }}
    >
      {children}
    </Box>
  );
}

/**
 * The one ECharts wrapper of the app: theme walden, canvas renderer, resize on container changes
 * (throttled to 100 ms), 'Cargando...' and 'Sin datos' states, no animation under test. ECharts is
 * imported by this module only, and only lazy screens import it (keep it out of the login chunk).
 *
 * ```tsx
 * <Chart option={buildTrendOption(...)} loading={query.isFetching} ariaLabel="Producción" testId="grafico-tendencia" />
 * ```
 */
export function Chart({ option, loading = false, height = 320, ariaLabel, testId, onItemClick }: ChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const onItemClickRef = useRef(onItemClick);
  useEffect(() => {
    onItemClickRef.current = onItemClick;
  }, [onItemClick]);
  const state = loading && !option ? 'loading' : option ? 'ready' : 'empty';

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    if (!option) {
      chartRef.current?.clear();
      return;
    }
    let chart = chartRef.current;
    if (!chart) {
      chart = init(container, THEME_NAME, { renderer: 'canvas' });
      chart.on('click', (params) => {
        onItemClickRef.current?.({ dataIndex: params.dataIndex, seriesName: params.seriesName ?? '' });
      });
      chartRef.current = chart;
    }
    chart.setOption(animationsDisabled() ? { ...option, animation: false } : option, { notMerge: true });
  }, [option]);

  useEffect(() => {
    const container = containerRef.current;
    const resize = throttle(() => chartRef.current?.resize(), CHART_RESIZE_THROTTLE_MS);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => resize());
    if (container) observer?.observe(container);
    return () => {
      observer?.disconnect();
      resize.cancel();
      chartRef.current?.dispose();
      chartRef.current = null;
    };
  }, []);

  return (
    <Box
      role="img"
      aria-label={ariaLabel}
      aria-busy={loading}
      data-testid={testId}
      data-state={loading ? 'loading' : state}
      sx={{ position: 'relative', width: '100%', minWidth: 0, height }}
    >
      <Box
        ref={containerRef}
        sx={{ position: 'absolute', inset: 0, visibility: state === 'ready' ? 'visible' : 'hidden' }}
      />
      {loading && (
        <Overlay dim={state === 'ready'}>
          <CircularProgress size={22} />
          <Typography color="text.secondary">Cargando...</Typography>
        </Overlay>
      )}
      {!loading && state === 'empty' && (
        <Overlay>
          <Typography color="text.secondary">Sin datos</Typography>
        </Overlay>
      )}
    </Box>
  );
}
