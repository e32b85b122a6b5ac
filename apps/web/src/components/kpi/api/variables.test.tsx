import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { diasDeSerie, useHistoricosVariable } from './variables.ts';

interface Pedido {
  query: string;
  variables: { nombres: string[]; desde: string; hasta: string };
}

type Columnas = Omit<Parameters<typeof diasDeSerie>[0], 'variable'>;
const SERIES: Record<string, Columnas> = {
  // Days after the range's desde (2026-01-01 in the requests below: 59 is 2026-03-01).
  ETA: { dia: [59, 60], diario: [81.5, 84], mensual: [81.5, 82.75], meta: [85, null] },
  OEE: { dia: [60], diario: [70], mensual: [null], meta: [75] },
  Agua: { dia: [], diario: [], mensual: [], meta: [] },
};

let pedidos: Pedido[] = [];

beforeEach(() => {
  pedidos = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: { body: string }) => {
      const pedido = JSON.parse(init.body) as Pedido;
      pedidos.push(pedido);
      const historicosSeries = pedido.variables.nombres.flatMap((nombre) =>
        SERIES[nombre] ? [{ variable: { nombre }, ...SERIES[nombre] }] : [],
      );
      return new Response(JSON.stringify({ data: { historicosSeries } }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function conCliente() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return wrapper;
}

describe('useHistoricosVariable', () => {
  it('turns a series of columns into one day per item, nulls kept', () => {
    expect(diasDeSerie({ variable: { nombre: 'ETA' }, ...SERIES.ETA! }, '2026-01-01')).toEqual([
      { fecha: '2026-03-01', diario: 81.5, mensual: 81.5, meta: 85 },
      { fecha: '2026-03-02', diario: 84, mensual: 82.75, meta: null },
    ]);
  });

  it("asks the group's series in one request; another variable of the group then needs none", async () => {
    const wrapper = conCliente();
    const grupo = ['OEE', 'ETA', 'Agua', 'Desconocida'];
    const eta = renderHook(() => useHistoricosVariable('ETA', '2026-01-01', '2026-03-02', { grupo }), {
      wrapper,
    });
    await waitFor(() => expect(eta.result.current.isSuccess).toBe(true));
    expect(eta.result.current.data?.map((d) => d.diario)).toEqual([81.5, 84]);
    expect(pedidos).toHaveLength(1);
    expect(pedidos[0]!.query).toContain('historicosSeries');
    expect(pedidos[0]!.variables).toEqual({ nombres: grupo, desde: '2026-01-01', hasta: '2026-03-02' });

    // The person chooses another card: its days are already there.
    const oee = renderHook(() => useHistoricosVariable('OEE', '2026-01-01', '2026-03-02', { grupo }), {
      wrapper,
    });
    expect(oee.result.current.data).toEqual([{ fecha: '2026-03-02', diario: 70, mensual: null, meta: 75 }]);
    const agua = renderHook(() => useHistoricosVariable('Agua', '2026-01-01', '2026-03-02', { grupo }), {
      wrapper,
    });
    expect(agua.result.current.data).toEqual([]);
    expect(pedidos).toHaveLength(1);

    // Another range is another request.
    const otro = renderHook(() => useHistoricosVariable('OEE', '2026-02-01', '2026-03-02', { grupo }), {
      wrapper,
    });
    await waitFor(() => expect(otro.result.current.isSuccess).toBe(true));
    expect(pedidos).toHaveLength(2);
  });

  it('asks only its own variable without a group, or when it is not in the group', async () => {
    const wrapper = conCliente();
    const solo = renderHook(() => useHistoricosVariable('ETA', '2026-01-01', '2026-03-02'), { wrapper });
    await waitFor(() => expect(solo.result.current.isSuccess).toBe(true));
    const fuera = renderHook(
      () => useHistoricosVariable('OEE', '2026-01-01', '2026-03-02', { grupo: ['ETA', 'Agua'] }),
      { wrapper },
    );
    await waitFor(() => expect(fuera.result.current.isSuccess).toBe(true));
    expect(pedidos.map((p) => p.variables.nombres)).toEqual([['ETA'], ['OEE']]);
    expect(fuera.result.current.data?.map((d) => d.diario)).toEqual([70]);
  });
});
