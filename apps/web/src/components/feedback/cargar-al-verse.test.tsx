import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render as renderSolo, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ObservadorFalso } from '../../testing/observador-falso.ts';
import { cargarAlVerse } from './cargar-al-verse.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  ObservadorFalso.todos = [];
});

const Tabla = ({ texto }: { texto: string }) => <p>{texto}</p>;

const clienteQuery = new QueryClient();
const render = (ui: ReactNode) =>
  renderSolo(<QueryClientProvider client={clienteQuery}>{ui}</QueryClientProvider>);

describe('cargarAlVerse', () => {
  it('neither loads nor draws the component until its place comes near the view; then draws it with its props', async () => {
    vi.stubGlobal('IntersectionObserver', ObservadorFalso);
    const cargar = vi.fn(() => Promise.resolve(Tabla));
    const Diferida = cargarAlVerse(cargar, 300);
    const { container } = render(<Diferida texto="filas" />);
    expect(cargar).not.toHaveBeenCalled();
    expect(screen.queryByText('filas')).toBeNull();
    // Its room is kept meanwhile.
    expect(getComputedStyle(container.firstElementChild as HTMLElement).minHeight).toBe('300px');
    expect(ObservadorFalso.todos).toHaveLength(1);
    act(() => ObservadorFalso.todos[0]!.acercar());
    expect(await screen.findByText('filas')).toBeTruthy();
    expect(cargar).toHaveBeenCalledTimes(1);
    // Loaded once: another instance draws at once, without waiting for the view.
    render(<Diferida texto="otra vez" />);
    expect(screen.getByText('otra vez')).toBeTruthy();
    expect(cargar).toHaveBeenCalledTimes(1);
  });

  it("watches its place only once the screen's queries are in (until then the sections above are short)", async () => {
    vi.stubGlobal('IntersectionObserver', ObservadorFalso);
    let responder: (v: number) => void = () => {};
    void clienteQuery.fetchQuery({
      queryKey: ['lenta'],
      queryFn: () => new Promise<number>((resolve) => (responder = resolve)),
    });
    const Diferida = cargarAlVerse(() => Promise.resolve(Tabla), 300);
    render(<Diferida texto="después" />);
    expect(ObservadorFalso.todos).toHaveLength(0);
    await act(async () => responder(1));
    await waitFor(() => expect(ObservadorFalso.todos).toHaveLength(1));
    act(() => ObservadorFalso.todos[0]!.acercar());
    expect(await screen.findByText('después')).toBeTruthy();
  });

  it('loads at once where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const Diferida = cargarAlVerse(() => Promise.resolve(Tabla), 300);
    render(<Diferida texto="sin observador" />);
    expect(await screen.findByText('sin observador')).toBeTruthy();
  });
});
