import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DatesProvider } from '../../../components/dates/dates-provider.tsx';
import { renderWithProviders } from '../../../testing/render.tsx';
import { PeriodoControl } from './periodo-control.tsx';

function renderControl(fecha: string, hoy = '2026-11-22', firstDay?: string) {
  const onChange = vi.fn();
  renderWithProviders(
    <DatesProvider>
      <PeriodoControl
        fecha={fecha}
        hoy={hoy}
        firstDay={firstDay}
        isToday={fecha === hoy}
        onChange={onChange}
      />
    </DatesProvider>,
  );
  return onChange;
}

describe('PeriodoControl', () => {
  it('names the month and steps to the previous month’s last day', async () => {
    const onChange = renderControl('2026-11-22');
    expect(screen.getByTestId('mes-seleccionado').textContent).toBe('Noviembre 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Mes anterior' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-10-31');
  });

  it('cannot go past the current month', () => {
    renderControl('2026-11-22');
    expect((screen.getByRole('button', { name: 'Mes siguiente' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Día en curso')).toBeTruthy();
  });

  it('from a past month goes forward, and back to today', async () => {
    const onChange = renderControl('2026-10-31');
    await userEvent.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-22');
    await userEvent.click(screen.getByRole('button', { name: 'Ir a hoy' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-22');
  });

  it('cannot go to a month before the first day of history', () => {
    renderControl('2026-03-20', '2026-11-22', '2026-03-15');
    expect((screen.getByRole('button', { name: 'Mes anterior' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
