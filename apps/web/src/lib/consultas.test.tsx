import {
  QueryClientProvider,
  // eslint-disable-next-line no-restricted-imports -- what the wrapper is compared with
  useQueries as useQueriesDeTanstack,
  // eslint-disable-next-line no-restricted-imports -- what the wrapper is compared with
  useQuery as useQueryDeTanstack,
} from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useQueries, useQuery } from './consultas.ts';
import { createQueryClient } from './query-client.ts';

/** A query function the test answers when it chooses. */
function pendiente<T>() {
  let responder!: (valor: T) => void;
  const promesa = new Promise<T>((resolve) => (responder = resolve));
  return { queryFn: () => promesa, responder };
}

describe('useQuery and useQueries (lib/consultas.ts)', () => {
  it('renders an answer first with what was on screen, then with the answer (a transition)', async () => {
    const { queryFn, responder } = pendiente<number>();
    const vistos: [string, string][] = [];
    function Pantalla() {
      // The store's state as TanStack hands it, and as the screens get it.
      const crudo = useQueryDeTanstack({ queryKey: ['q'], queryFn });
      const diferido = useQuery({ queryKey: ['q'], queryFn });
      vistos.push([crudo.status, diferido.status]);
      return <p>{diferido.data === undefined ? 'Cargando...' : `valor ${diferido.data}`}</p>;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Pantalla />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Cargando...')).toBeTruthy();
    responder(42);
    expect(await screen.findByText('valor 42')).toBeTruthy();
    // The render the answer asked for at once still showed the loading state…
    expect(vistos).toContainEqual(['success', 'pending']);
    // …and the next one the answer.
    expect(vistos.at(-1)).toEqual(['success', 'success']);
  });

  it('renders once when nothing the query says changed (TanStack builds a new result each render)', async () => {
    let renders = 0;
    function Pantalla({ n }: { n: number }) {
      const q = useQuery({ queryKey: ['estable'], queryFn: () => Promise.resolve(7) });
      renders++;
      return <p>{q.data === undefined ? 'Cargando...' : `valor ${q.data} (${n})`}</p>;
    }
    const client = createQueryClient();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <Pantalla n={1} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('valor 7 (1)')).toBeTruthy();
    renders = 0;
    rerender(
      <QueryClientProvider client={client}>
        <Pantalla n={2} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('valor 7 (2)')).toBeTruthy();
    expect(renders).toBe(1);
  });

  it('shows another query at once: the render that changes the day never shows the other day', async () => {
    const vistos: [number, string, string | undefined][] = [];
    let elegir!: (dia: number) => void;
    function Pantalla() {
      const [dia, setDia] = useState(1);
      elegir = setDia;
      const q = useQuery({ queryKey: ['dia', dia], queryFn: () => Promise.resolve(`datos del día ${dia}`) });
      vistos.push([dia, q.status, q.data]);
      return <p>{q.data ?? 'Cargando...'}</p>;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Pantalla />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('datos del día 1')).toBeTruthy();
    act(() => elegir(2));
    expect(await screen.findByText('datos del día 2')).toBeTruthy();
    expect(vistos.filter(([dia, , data]) => dia === 2 && data === 'datos del día 1')).toEqual([]);
    expect(vistos).toContainEqual([2, 'pending', undefined]);
  });

  it('defers useQueries alike, combine included', async () => {
    const a = pendiente<number>();
    const b = pendiente<number>();
    const vistos: [boolean, boolean][] = [];
    const opciones = {
      queries: [
        { queryKey: ['a'], queryFn: a.queryFn },
        { queryKey: ['b'], queryFn: b.queryFn },
      ],
      combine: (results: { data?: number }[]) => results.map((r) => r.data),
    };
    const completa = (valores: (number | undefined)[]) => valores.every((v) => v !== undefined);
    function Pantalla() {
      const crudo = useQueriesDeTanstack(opciones);
      const suma = useQueries(opciones);
      vistos.push([completa(crudo), completa(suma)]);
      return <p>{completa(suma) ? `suma ${suma[0]! + suma[1]!}` : 'Cargando...'}</p>;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Pantalla />
      </QueryClientProvider>,
    );
    a.responder(1);
    b.responder(2);
    expect(await screen.findByText('suma 3')).toBeTruthy();
    expect(vistos).toContainEqual([true, false]);
    expect(vistos.at(-1)).toEqual([true, true]);
  });
});
