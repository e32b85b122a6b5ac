import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { PeriodoSelector } from './periodo-selector.tsx';

const rango = { desde: '2026-04-01', hasta: '2026-04-30', mes: false };

async function escribir(testId: string, texto: string) {
  const input = screen.getByTestId(testId).querySelector('input') as HTMLInputElement;
  await userEvent.clear(input);
  await userEvent.type(input, `${texto}{Enter}`);
}

describe('PeriodoSelector', () => {
  it('both ends typed quickly, while the screen still shows the old range, make the range asked for', async () => {
    const onPeriodo = vi.fn();
    // The screen does not re-render with the new range (its data is still loading).
    renderWithProviders(<PeriodoSelector periodo={rango} hoy="2026-11-22" onPeriodo={onPeriodo} />);
    await escribir('periodo-hasta', '08/04/2026');
    expect(onPeriodo).toHaveBeenLastCalledWith({ desde: '2026-04-01', hasta: '2026-04-08' });
    await escribir('periodo-desde', '05/04/2026');
    expect(onPeriodo).toHaveBeenLastCalledWith({ desde: '2026-04-05', hasta: '2026-04-08' });
  });

  it('a start typed after the end asked for moves the end with it', async () => {
    const onPeriodo = vi.fn();
    renderWithProviders(<PeriodoSelector periodo={rango} hoy="2026-11-22" onPeriodo={onPeriodo} />);
    await escribir('periodo-hasta', '08/04/2026');
    await escribir('periodo-desde', '12/04/2026');
    expect(onPeriodo).toHaveBeenLastCalledWith({ desde: '2026-04-12', hasta: '2026-04-12' });
  });

  it('once the screen shows the range asked for, the next end goes with it', async () => {
    const onPeriodo = vi.fn();
    function Pantalla() {
      const [periodo, setPeriodo] = useState(rango);
      return (
        <PeriodoSelector
          periodo={periodo}
          hoy="2026-11-22"
          onPeriodo={(p) => {
            onPeriodo(p);
            if (p) setPeriodo({ ...p, mes: false });
          }}
        />
      );
    }
    renderWithProviders(<Pantalla />);
    await escribir('periodo-hasta', '20/04/2026');
    expect(screen.getByTestId('periodo-texto').textContent).toContain('20 días');
    await escribir('periodo-desde', '03/04/2026');
    expect(onPeriodo).toHaveBeenLastCalledWith({ desde: '2026-04-03', hasta: '2026-04-20' });
    await escribir('periodo-hasta', '10/04/2026');
    expect(onPeriodo).toHaveBeenLastCalledWith({ desde: '2026-04-03', hasta: '2026-04-10' });
  });
});
