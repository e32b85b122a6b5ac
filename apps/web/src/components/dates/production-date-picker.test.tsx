import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { ProductionDatePicker } from './production-date-picker.tsx';

function renderPicker(value: string, onChange = vi.fn(), maxDate = '2026-11-22') {
  renderWithProviders(
    <ProductionDatePicker value={value} maxDate={maxDate} minDate="2026-01-01" onChange={onChange} />,
  );
  return onChange;
}

describe('ProductionDatePicker', () => {
  it('shows the day as DD/MM/YYYY', () => {
    renderPicker('2026-11-05');
    expect((screen.getByTestId('selector-fecha').querySelector('input') as HTMLInputElement).value).toBe(
      '05/11/2026',
    );
  });

  it('moves one day back or forward from the day shown', async () => {
    const onChange = vi.fn();
    function Screen() {
      const [fecha, setFecha] = useState('2026-11-21');
      return (
        <ProductionDatePicker
          value={fecha}
          maxDate="2026-11-22"
          minDate="2026-01-01"
          onChange={(f) => {
            onChange(f);
            setFecha(f);
          }}
        />
      );
    }
    renderWithProviders(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Día anterior' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-20');
    await userEvent.click(screen.getByRole('button', { name: 'Día siguiente' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-21');
    await userEvent.click(screen.getByRole('button', { name: 'Día siguiente' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-22');
    expect((screen.getByRole('button', { name: 'Día siguiente' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('two quick clicks move two days while the screen still shows the first one', async () => {
    const onChange = renderPicker('2026-11-21');
    await userEvent.click(screen.getByRole('button', { name: 'Día anterior' }));
    await userEvent.click(screen.getByRole('button', { name: 'Día anterior' }));
    expect(onChange.mock.calls).toEqual([['2026-11-20'], ['2026-11-19']]);
  });

  it('disables the next day on today and the previous one on the first allowed day', () => {
    renderPicker('2026-11-22');
    expect((screen.getByRole('button', { name: 'Día siguiente' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Día anterior' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables the previous day on minDate', () => {
    renderPicker('2026-01-01');
    expect((screen.getByRole('button', { name: 'Día anterior' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('crosses month and year ends', async () => {
    const onChange = renderPicker('2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Día anterior' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-02-28');
  });
});

describe('ProductionDatePicker typed dates', () => {
  /** Clicks the field and selects what it holds, so typing replaces it. */
  const field = async () => {
    const input = screen.getByRole('textbox', { name: 'Día de producción' });
    await userEvent.tripleClick(input);
  };

  it('applies a typed date only when complete, on Enter', async () => {
    const onChange = renderPicker('2026-11-05');
    await field();
    await userEvent.keyboard('15/03/2026');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith('2026-03-15');
  });

  it('applies a typed date when the field loses focus', async () => {
    const onChange = renderPicker('2026-11-05');
    await field();
    await userEvent.keyboard('15032026');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(document.body);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-03-15');
  });

  it('takes the separators people type (15-3-2026, 15.03.2026)', async () => {
    const onChange = renderPicker('2026-11-05');
    await field();
    await userEvent.keyboard('15-3-2026{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-15');
    expect((screen.getByRole('textbox', { name: 'Día de producción' }) as HTMLInputElement).value).toBe(
      '15/03/2026',
    );
  });

  it('shows a Spanish error and applies nothing for an impossible date', async () => {
    const onChange = renderPicker('2026-11-05');
    await field();
    await userEvent.keyboard('31022026{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Fecha no válida (DD/MM/AAAA)')).toBeTruthy();
  });

  it('refuses dates before the first day of history and after today', async () => {
    const onChange = renderPicker('2026-11-05');
    await field();
    await userEvent.keyboard('15032025{Enter}');
    expect(screen.getByText('No hay datos antes del 01/01/2026')).toBeTruthy();
    await field();
    await userEvent.keyboard('01122026{Enter}');
    expect(screen.getByText('No hay datos después del 22/11/2026')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows an error given from outside (a bad date in the URL)', () => {
    renderWithProviders(
      <ProductionDatePicker value="2026-11-05" onChange={vi.fn()} error="Fecha no válida" />,
    );
    expect(screen.getByText('Fecha no válida')).toBeTruthy();
  });
});
