import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ConfigProductividadPage } from './config-productividad-page.tsx';

type Body = { query: string; variables: Record<string, unknown> };

const LINEAS = [
  { id: '1', nombre: 'Línea 1', numero: 1 },
  { id: '2', nombre: 'Línea 2', numero: 2 },
];
const DIA = '2026-11-27';
const GUARDADO = { id: '7', fecha: DIA, horas_productividad: 8, version: 1, linea: LINEAS[0] };

/** The GraphQL server: the day's stored hours answer only when `soltarDia` is called. */
function servidor() {
  let soltarDia = () => {};
  const diaListo = new Promise<void>((resolve) => (soltarDia = resolve));
  const fetch = vi.fn(async (_url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as Body;
    let data: unknown;
    if (body.query.includes('calendarioPlanta'))
      data = {
        calendarioPlanta: {
          zona_horaria: 'America/Lima',
          dia_produccion: DIA,
          fecha_energia: DIA,
          ahora: `${DIA}T15:00:00Z`,
          primer_dia: '2020-01-01',
        },
      };
    else if (body.query.includes('turnosDia')) {
      await diaListo;
      data = { turnosDia: [GUARDADO] };
    } else if (body.query.includes('turnos')) data = { turnos: [GUARDADO] };
    else if (body.query.includes('lineas')) data = { lineas: LINEAS };
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  authStore.setToken('t', Date.now() + 60_000);
  authStore.setUser({ id: '2', name: 'Adm', roles: [{ id: '2', name: 'admin' }] });
  return { soltarDia };
}

afterEach(() => {
  authStore.clear();
  vi.unstubAllGlobals();
});

describe('ConfigProductividadPage', () => {
  it('keeps the hours fields closed until the day’s stored hours arrive, so nothing typed is replaced by them', async () => {
    const { soltarDia } = servidor();
    renderWithProviders(<ConfigProductividadPage />);
    const linea2 = await screen.findByLabelText<HTMLInputElement>('Horas Línea 2');
    const linea1 = screen.getByLabelText<HTMLInputElement>('Horas Línea 1');
    // The lines are known, the day's hours not yet: typing now would be lost when they arrive.
    expect(linea2.disabled).toBe(true);
    expect(linea1.disabled).toBe(true);

    soltarDia();
    await waitFor(() => expect(linea2.disabled).toBe(false));
    expect(linea1.value).toBe('8');
    await userEvent.type(linea2, '7,5');
    expect(linea2.value).toBe('7,5');
    expect(screen.getByText('Guardado: 8 h')).toBeTruthy();
  });
});
