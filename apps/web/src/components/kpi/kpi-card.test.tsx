import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { KpiCard, type KpiValores } from './kpi-card.tsx';

const produccion = { nombre: 'Producción (CU)', unidad: 'CU', decimales: 0, mayor_es_mejor: true };
const agua = { nombre: 'Relación agua (L/L)', unidad: 'L/L', decimales: 2, mayor_es_mejor: false };

const valores: KpiValores = {
  diario: 24_000,
  mensual: 500_000,
  anual: 5_000_000,
  meta: 25_000,
  meta_mensual: 480_000,
  meta_anual: 5_500_000,
};

describe('KpiCard', () => {
  it('shows the day, month and year against their metas, coloured by compliance', () => {
    renderWithProviders(<KpiCard variable={produccion} valores={valores} testId="kpi" />);
    const card = screen.getByTestId('kpi');
    expect(within(card).getByRole('heading').textContent).toBe('Producción (CU)');
    expect(within(card).getByTestId('kpi-diario').textContent).toBe('24,000');
    expect(within(card).getByTestId('kpi-meta-dia').textContent).toBe('Meta del día 25,000');
    // 96 % of the day's meta: amber; month above its meta: green; year at 90.9 %: red.
    expect(within(card).getByRole('status', { name: 'Cerca de la meta: 96.0 % de la meta' })).toBeTruthy();
    const mes = within(card).getByTestId('kpi-mes');
    expect(mes.textContent).toBe('Mes500,000480,000104.2 %');
    expect(within(mes).getByRole('status').getAttribute('data-color')).toBe('success');
    expect(within(within(card).getByTestId('kpi-anio')).getByRole('status').getAttribute('data-color')).toBe(
      'error',
    );
  });

  it('colours lower-is-better variables the other way round', () => {
    renderWithProviders(
      <KpiCard
        variable={agua}
        valores={{ diario: 1.45, mensual: 1.6, anual: 1.55, meta: 1.5, meta_mensual: 1.5, meta_anual: 1.5 }}
        testId="kpi"
      />,
    );
    const card = screen.getByTestId('kpi');
    expect(within(card).getByRole('status', { name: /^Cumple la meta/ })).toBeTruthy();
    expect(within(within(card).getByTestId('kpi-mes')).getByRole('status').getAttribute('data-color')).toBe(
      'error',
    );
    expect(within(within(card).getByTestId('kpi-anio')).getByRole('status').getAttribute('data-color')).toBe(
      'warning',
    );
  });

  it('says when a figure or a meta is missing', () => {
    renderWithProviders(
      <KpiCard
        variable={produccion}
        valores={{
          diario: null,
          mensual: 1000,
          anual: null,
          meta: null,
          meta_mensual: null,
          meta_anual: 9000,
        }}
        testId="kpi"
      />,
    );
    const card = screen.getByTestId('kpi');
    expect(within(card).getByTestId('kpi-diario').textContent).toBe('—');
    expect(within(card).getByTestId('kpi-meta-dia').textContent).toBe('Sin meta del día');
    expect(within(card).getByTestId('kpi-mes').textContent).toBe('Mes1,000—Sin meta');
    expect(within(card).getByTestId('kpi-anio').textContent).toBe('Año—9,000Sin dato');
  });

  it('selects on click and opens the details from its own button', async () => {
    const onSelect = vi.fn();
    const onDetails = vi.fn();
    renderWithProviders(
      <KpiCard variable={produccion} valores={valores} selected onSelect={onSelect} onDetails={onDetails} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ver detalle de Producción (CU)' }));
    expect(onDetails).toHaveBeenCalledTimes(1);
    expect(onSelect).not.toHaveBeenCalled();
    const select = screen.getByRole('button', { pressed: true });
    await userEvent.click(select);
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('shows placeholders while the first figures load', () => {
    renderWithProviders(<KpiCard variable={produccion} valores={undefined} testId="kpi" />);
    expect(screen.queryByTestId('kpi-diario')).toBeNull();
  });

  it('says under the title what a figure covers when given a note', () => {
    renderWithProviders(
      <KpiCard
        variable={{ nombre: 'KPI energía (kWh/CU)', unidad: 'kWh/CU', decimales: 3, mayor_es_mejor: false }}
        valores={valores}
        nota="Planta: medidor general ÷ CU envasadas"
        testId="kpi"
      />,
    );
    expect(within(screen.getByTestId('kpi')).getByTestId('kpi-nota').textContent).toBe(
      'Planta: medidor general ÷ CU envasadas',
    );
  });
});
