import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { cancelAllRequests } from '../../../lib/request-registry.ts';
import { adelantarCalendario, useCalendarioPlanta } from './calendario.ts';

let pedidos = 0;
let zona = 'America/Lima';

beforeEach(() => {
  pedidos = 0;
  zona = 'America/Lima';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: { body: string; signal?: AbortSignal }) => {
      expect(JSON.parse(init.body).query).toContain('calendarioPlanta');
      pedidos++;
      const respuesta = { data: { calendarioPlanta: { zona_horaria: zona, primer_dia: '2025-11-01' } } };
      // Answers on the next turn, unless cancelled meanwhile (a logout cancels every request).
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (init.signal?.aborted) throw init.signal.reason;
      return new Response(JSON.stringify(respuesta), { headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function conCliente() {
  const client = createQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('the plant calendar asked ahead of the screens', () => {
  it('the first query takes the request begun at start-up instead of sending its own; later ones ask anew', async () => {
    adelantarCalendario();
    adelantarCalendario(); // one request, however often it is called before a query takes it
    expect(pedidos).toBe(1);
    const primera = renderHook(() => useCalendarioPlanta(), { wrapper: conCliente() });
    await waitFor(() => expect(primera.result.current.data?.zona_horaria).toBe('America/Lima'));
    expect(pedidos).toBe(1);

    // Taken once: another session's query (a new client) asks the server.
    zona = 'America/Santiago';
    const otra = renderHook(() => useCalendarioPlanta(), { wrapper: conCliente() });
    await waitFor(() => expect(otra.result.current.data?.zona_horaria).toBe('America/Santiago'));
    expect(pedidos).toBe(2);
  });

  it('a request begun ahead and cancelled (a logout) is asked again by the query that takes it, not shown as an error', async () => {
    adelantarCalendario();
    cancelAllRequests();
    const consulta = renderHook(() => useCalendarioPlanta(), { wrapper: conCliente() });
    await waitFor(() => expect(consulta.result.current.data?.zona_horaria).toBe('America/Lima'));
    expect(consulta.result.current.isError).toBe(false);
    expect(pedidos).toBe(2);
  });
});
