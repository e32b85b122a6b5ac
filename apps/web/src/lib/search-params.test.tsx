import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParams } from './search-params.ts';

function Filtros() {
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const poner = (k: string, v: string) =>
    setParams((actual) => {
      actual.set(k, v);
      return actual;
    });
  return (
    <>
      <output data-testid="busqueda">{search}</output>
      <output data-testid="area">{params.get('area') ?? ''}</output>
      <button
        onClick={() => {
          // Two controls changed before the screen shows the first change.
          poner('fecha', '2026-04-08');
          poner('area', 'Envasado');
        }}
      >
        dos
      </button>
      <button onClick={() => poner('linea', '2')}>linea</button>
      <button onClick={() => setParams({ solo: '1' })}>solo</button>
      <button onClick={() => poner('vista', 'semana')}>nueva</button>
      <button onClick={() => navigate(-1)}>atrás</button>
    </>
  );
}

const renderizar = (inicial = '/x?fecha=2026-04-01') =>
  render(
    <MemoryRouter initialEntries={[inicial]}>
      <Filtros />
    </MemoryRouter>,
  );

const pulsar = (nombre: string) => userEvent.click(screen.getByRole('button', { name: nombre }));
const busqueda = () => screen.getByTestId('busqueda').textContent;

describe('useSearchParams (the app’s)', () => {
  it('a second change before the first is shown goes on top of it, not of the query still shown', async () => {
    renderizar();
    await pulsar('dos');
    expect(busqueda()).toBe('?fecha=2026-04-08&area=Envasado');
    expect(screen.getByTestId('area').textContent).toBe('Envasado');
  });

  it('once shown, the next change starts from the query shown', async () => {
    renderizar();
    await pulsar('dos');
    await pulsar('linea');
    expect(busqueda()).toBe('?fecha=2026-04-08&area=Envasado&linea=2');
  });

  it('a whole query given (not a function) replaces it', async () => {
    renderizar();
    await pulsar('solo');
    expect(busqueda()).toBe('?solo=1');
    await pulsar('linea');
    expect(busqueda()).toBe('?solo=1&linea=2');
  });

  it('another router starts from its own query', async () => {
    const { unmount } = renderizar();
    await pulsar('dos');
    unmount();
    renderizar('/x');
    await pulsar('linea');
    expect(busqueda()).toBe('?linea=2');
  });

  it('back to an earlier address, the next change starts from that address’s query', async () => {
    renderizar();
    // A change that makes a new history entry, shown; then Back.
    await pulsar('nueva');
    expect(busqueda()).toBe('?fecha=2026-04-01&vista=semana');
    await pulsar('atrás');
    expect(busqueda()).toBe('?fecha=2026-04-01');
    await pulsar('linea');
    expect(busqueda()).toBe('?fecha=2026-04-01&linea=2');
  });
});
