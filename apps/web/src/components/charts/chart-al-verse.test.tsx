import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ObservadorFalso } from '../../testing/observador-falso.ts';
import type * as Echarts from './echarts.ts';
import type { ChartOption } from './echarts.ts';

/** What was drawn: ECharts' instances created and the options set on them (jsdom has no canvas). */
const dibujos = vi.hoisted(() => ({ instancias: 0, opciones: [] as unknown[] }));
vi.mock('./echarts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Echarts>()),
  init: () => {
    dibujos.instancias++;
    return {
      setOption: (option: unknown) => dibujos.opciones.push(option),
      on: () => {},
      clear: () => {},
      resize: () => {},
      dispose: () => {},
    };
  },
}));

const { Chart } = await import('./chart.tsx');

const opcion = (valor: number): ChartOption => ({
  xAxis: { type: 'category', data: ['01/12'] },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', name: 'Producción', data: [valor] }],
});

afterEach(() => {
  vi.unstubAllGlobals();
  ObservadorFalso.todos = [];
  dibujos.instancias = 0;
  dibujos.opciones = [];
});

describe('Chart: drawn once its place comes near the view', () => {
  it('waits out of view without drawing; drawn when near, and again on each new option', async () => {
    vi.stubGlobal('IntersectionObserver', ObservadorFalso);
    const { rerender } = render(<Chart option={opcion(1)} ariaLabel="Producción" testId="g" />);
    const caja = screen.getByTestId('g');
    expect(caja.getAttribute('data-state')).toBe('offscreen');
    // The accessibility suite scrolls to what waits so (e2e/a11y.ts).
    expect(caja.hasAttribute('data-al-verse')).toBe(true);
    expect(caja.getAttribute('aria-busy')).toBe('false');
    // Its numbers are there for screen readers all the same.
    expect(screen.getByTestId('g-tabla').textContent).toContain('Producción');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(dibujos.instancias).toBe(0);
    expect(ObservadorFalso.todos).toHaveLength(1);
    expect(ObservadorFalso.todos[0]!.opciones?.rootMargin).toBe('200px 0px');

    act(() => ObservadorFalso.todos[0]!.acercar());
    await waitFor(() => expect(caja.getAttribute('data-state')).toBe('ready'));
    expect(caja.hasAttribute('data-al-verse')).toBe(false);
    expect(dibujos.instancias).toBe(1);
    expect(dibujos.opciones).toHaveLength(1);
    expect(ObservadorFalso.todos[0]!.observados).toEqual([]);

    // Seen once: a new option (another day) is drawn wherever the chart is by then.
    rerender(<Chart option={opcion(2)} ariaLabel="Producción" testId="g" />);
    await waitFor(() => expect(dibujos.opciones).toHaveLength(2));
    expect(caja.getAttribute('data-state')).toBe('ready');
    expect(ObservadorFalso.todos).toHaveLength(1);
  });

  it('watches its place only once it has something to draw; without data it says so at once', async () => {
    vi.stubGlobal('IntersectionObserver', ObservadorFalso);
    const { rerender } = render(<Chart option={null} loading ariaLabel="Producción" testId="g" />);
    expect(screen.getByTestId('g').getAttribute('data-state')).toBe('loading');
    expect(ObservadorFalso.todos).toHaveLength(0);
    rerender(<Chart option={null} ariaLabel="Producción" testId="g" />);
    expect(screen.getByTestId('g').getAttribute('data-state')).toBe('empty');
    expect(screen.getByText('Sin datos')).toBeTruthy();
    expect(ObservadorFalso.todos).toHaveLength(0);
    rerender(<Chart option={opcion(3)} ariaLabel="Producción" testId="g" />);
    expect(screen.getByTestId('g').getAttribute('data-state')).toBe('offscreen');
    expect(ObservadorFalso.todos).toHaveLength(1);
  });

  it('draws at once where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Chart option={opcion(4)} ariaLabel="Producción" testId="g" />);
    await waitFor(() => expect(screen.getByTestId('g').getAttribute('data-state')).toBe('ready'));
    expect(dibujos.instancias).toBe(1);
  });
});
