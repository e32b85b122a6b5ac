import { Box, CircularProgress, Typography } from '@mui/material';
import type { EChartsType } from 'echarts/core';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../lib/reduced-motion.ts';
import { useCercaDeLaVista } from '../feedback/cerca-de-la-vista.ts';
import { chartTable } from './chart-table.ts';
import {
  type ChartOption,
  init,
  loadPartsFor,
  missingParts,
  partsFor,
  partsRegistered,
  loadTooltip,
  THEME_NAME,
  tooltipLoaded,
} from './echarts.ts';
import { scheduleDraw } from './draw-queue.ts';
import { CHART_RESIZE_THROTTLE_MS, throttle } from './throttle.ts';

/** Out of sight, still read by screen readers (MUI's visuallyHidden). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Browser tests: Playwright sets navigator.webdriver. */
export function underAutomation(): boolean {
  return typeof navigator !== 'undefined' && navigator.webdriver === true;
}

/**
 * Charts are drawn at once, without animation, for users who ask for reduced motion
 * (prefers-reduced-motion: reduce, WCAG 2.3.3) and under browser tests.
 */
export function animationsDisabled(): boolean {
  return underAutomation() || prefersReducedMotion();
}

/** The option as drawn: animation off when {@link animationsDisabled}. */
export function withMotionPreference(option: ChartOption, disabled = animationsDisabled()): ChartOption {
  return disabled ? { ...option, animation: false } : option;
}

/** Under automation (navigator.webdriver) the chart's box exposes its ECharts instance to tests. */
export type ChartTestHandle = HTMLElement & { __chart?: EChartsType };

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
 * (throttled to 100 ms), 'Cargando...' and 'Sin datos' states, no animation under test or with reduced motion. ECharts is
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
  // An option shows as loading until it is drawn: each drawing waits for its own task (see
  // draw-queue.ts), and an option that needs a part not registered yet (dataZoom, markLine) for
  // that part too.
  const [drawn, setDrawn] = useState<ChartOption | null>(null);
  // Drawn once its place comes within a scroll of the viewport (and from then on whenever its option
  // changes): each first drawing is a task of 60–150 ms, and a dashboard's charts below its first
  // view made most of the main thread's blocking while it opened (issue 34 item 3).
  const boxRef = useRef<HTMLDivElement>(null);
  // Watched once there is something to draw: while the screen's data load, the sections above are
  // not their full height yet, and a chart further down would seem near.
  const seen = useCercaDeLaVista(boxRef, !!option);
  const state = loading && !option ? 'loading' : option ? 'ready' : 'empty';
  const offscreen = !seen && state === 'ready';
  const busy = !offscreen && (loading || (!!option && (drawn !== option || missingParts(option).length > 0)));

  // The tooltip is registered on first use (see echarts.ts): a chart drawn before then is drawn
  // again once the pointer reaches it, on a new instance (the tooltip's axis pointer adds a data
  // processor, which only instances created after it run).
  const optionRef = useRef(option);
  /** partsRegistered() when the ECharts instance was created. */
  const createdWithRef = useRef(0);
  const tooltipAppliedRef = useRef(false);
  /** A new ECharts instance in the container (the previous one disposed), with the click handler. */
  const createChart = (container: HTMLDivElement): EChartsType => {
    chartRef.current?.dispose();
    const chart = init(container, THEME_NAME, { renderer: 'canvas' });
    createdWithRef.current = partsRegistered();
    chart.on('click', (params) => {
      onItemClickRef.current?.({ dataIndex: params.dataIndex, seriesName: params.seriesName ?? '' });
    });
    chartRef.current = chart;
    // Browser tests read what was drawn (series data, axis extents) from the instance.
    if (underAutomation()) (container as ChartTestHandle).__chart = chart;
    return chart;
  };
  const applyTooltip = () => {
    const current = optionRef.current;
    const container = containerRef.current;
    if (tooltipAppliedRef.current || !current || !chartRef.current || !container) return;
    tooltipAppliedRef.current = true;
    if (createdWithRef.current === partsRegistered()) {
      chartRef.current.setOption({ tooltip: current.tooltip }, { lazyUpdate: true });
    } else {
      createChart(container).setOption(withMotionPreference(current), { notMerge: true });
    }
  };
  const handlePointerEnter = () => {
    if (tooltipAppliedRef.current || !optionRef.current) return;
    if (tooltipLoaded()) applyTooltip();
    else loadTooltip().then(applyTooltip, () => undefined);
  };

  useEffect(() => {
    optionRef.current = option;
    const container = containerRef.current;
    if (!container) return;
    if (!option) {
      chartRef.current?.clear();
      return;
    }
    if (!seen) return;
    const draw = () => {
      // A chart created before a part its option uses was registered lacks that part's processors.
      const stale =
        createdWithRef.current !== partsRegistered() && (partsFor(option).length > 0 || tooltipLoaded());
      const chart = chartRef.current && !stale ? chartRef.current : createChart(container);
      tooltipAppliedRef.current = tooltipLoaded();
      chart.setOption(withMotionPreference(option), { notMerge: true });
    };
    let current = true;
    let cancelDraw = () => {};
    // In a task of its own, after this commit: several charts drawn at once would block input.
    const drawLater = () => {
      cancelDraw = scheduleDraw(() => {
        if (!current) return;
        draw();
        setDrawn(option);
      });
    };
    // dataZoom / markLine are registered before the option that uses them is drawn.
    const pending = loadPartsFor(option);
    if (!pending) drawLater();
    else
      // If a part failed to download the chart is drawn without it.
      pending
        .catch(() => undefined)
        .then(() => {
          if (current) drawLater();
        });
    return () => {
      current = false;
      cancelDraw();
    };
  }, [option, seen]);

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

  const table = useMemo(() => (state === 'ready' ? chartTable(option) : null), [option, state]);

  return (
    <>
      <Box
        ref={boxRef}
        role="img"
        aria-label={ariaLabel}
        aria-busy={busy}
        data-testid={testId}
        data-state={offscreen ? 'offscreen' : busy ? 'loading' : state}
        // What the accessibility suite scrolls to before it scans a screen (as cargar-al-verse's places).
        data-al-verse={offscreen ? '' : undefined}
        onPointerEnter={handlePointerEnter}
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
      {table && (
        // The drawn numbers for screen readers and keyboard users (the canvas itself is an image).
        <Box sx={visuallyHidden}>
          <table data-testid={testId ? `${testId}-tabla` : undefined}>
            <caption>
              {ariaLabel}
              {table.omitted > 0
                ? ` (primeras ${table.rows.length} filas de ${table.rows.length + table.omitted})`
                : ''}
            </caption>
            <thead>
              <tr>
                {table.columns.map((column, i) => (
                  <th key={i} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 ? (
                      <th key={c} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={c}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
    </>
  );
}
