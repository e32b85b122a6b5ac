import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { ReglaConfig } from '../api/config-notificaciones.ts';
import { reglaInput } from '../utils/regla-form.ts';
import { ReglaDialog } from './regla-dialog.tsx';
import { limiteRegla, origenRegla } from './reglas-tab.tsx';

type Body = { query: string };

/** The GraphQL server: the lists the dialog reads. */
function servidor() {
  const fetch = vi.fn(async (_url: string, init: { body: string }) => {
    const { query } = JSON.parse(init.body) as Body;
    let data: unknown = {};
    if (query.includes('calendarioPlanta'))
      data = { calendarioPlanta: { zona_horaria: 'America/Lima', primer_dia: '2020-01-01' } };
    else if (query.includes('lineas'))
      data = {
        lineas: [
          { id: '1', nombre: 'Línea 1', numero: 1 },
          { id: '2', nombre: 'Línea 2', numero: 2 },
        ],
      };
    else if (query.includes('variables')) data = { variables: [] };
    else if (query.includes('users')) data = { users: [] };
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  authStore.setToken('t', Date.now() + 60_000);
}

/** Types into a field at once (a keystroke at a time is slow on a busy machine). */
const escribir = async (campo: RegExp, texto: string) => {
  await userEvent.click(screen.getByLabelText(campo));
  await userEvent.paste(texto);
};

afterEach(() => {
  authStore.clear();
  vi.unstubAllGlobals();
});

const elegir = async (campo: RegExp, opcion: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: campo }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: opcion }));
};

const dialogo = (onSubmit = vi.fn(async () => {})) =>
  renderWithProviders(
    <ReglaDialog
      open
      regla={null}
      guardando={false}
      errorServidor={null}
      errorGeneral={null}
      onClose={() => {}}
      onSubmit={onSubmit}
    />,
  );

// Several dialog interactions each: room for a loaded machine.
describe('ReglaDialog: rules on a line’s stops', { timeout: 60_000 }, () => {
  it('"Paros de línea" offers its two conditions, asks the line and N in Spanish, and saves them', async () => {
    servidor();
    const onSubmit = vi.fn(async () => {});
    dialogo(onSubmit);
    await escribir(/^Nombre/, 'Paros sin motivo L2');
    await elegir(/^Fuente/, 'Paros de línea');
    await userEvent.click(screen.getByRole('combobox', { name: /^Condición/ }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Paro sin motivo por más de N minutos', 'Más de N microparos en una hora']);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByLabelText(/^Histéresis/)).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Elija la línea')).toBeTruthy();
    expect(screen.getByText('Minutos sin motivo: es obligatorio')).toBeTruthy();
    await escribir(/^Minutos sin motivo/, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Minutos sin motivo: un número entero entre 1 y 1440')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await elegir(/^Línea/, 'Línea 2');
    await userEvent.clear(screen.getByLabelText(/^Minutos sin motivo/));
    await escribir(/^Minutos sin motivo/, '15');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const values = (onSubmit.mock.calls[0] as unknown[])[0] as Parameters<typeof reglaInput>[0];
    expect(reglaInput(values)).toMatchObject({
      nombre: 'Paros sin motivo L2',
      fuente: 'PAROS',
      linea_id: '2',
      variable_id: null,
      condicion: 'PARO_SIN_MOTIVO',
      umbral: 15,
      duracion_min: null,
      histeresis: 0,
    });
  });

  it('micro-stops per hour: N a whole number; back to a variable, a condition of its own', async () => {
    servidor();
    const onSubmit = vi.fn(async () => {});
    dialogo(onSubmit);
    await escribir(/^Nombre/, 'Microparos L1');
    await elegir(/^Fuente/, 'Paros de línea');
    await elegir(/^Condición/, 'Más de N microparos en una hora');
    await elegir(/^Línea/, 'Línea 1');
    await escribir(/^Microparos por hora/, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Microparos por hora: un número entero entre 1 y 1000')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/^Microparos por hora/));
    await escribir(/^Microparos por hora/, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(
      reglaInput((onSubmit.mock.calls[0] as unknown[])[0] as Parameters<typeof reglaInput>[0]),
    ).toMatchObject({ fuente: 'PAROS', linea_id: '1', condicion: 'MICROPAROS_HORA', umbral: 5 });

    await elegir(/^Fuente/, 'Valor diario de una variable');
    expect(screen.getByRole('combobox', { name: /^Condición/ }).textContent).toBe(
      'Fuera de rango (mínimo/máximo)',
    );
  });

  it('the rules list says them in words', () => {
    const regla = (cambios: Partial<ReglaConfig>): ReglaConfig => ({
      id: '1',
      nombre: 'r',
      fuente: 'PAROS',
      variable: null,
      linea_id: '3',
      linea_nombre: 'Línea 3',
      condicion: 'PARO_SIN_MOTIVO',
      umbral: 25,
      duracion_min: 0,
      histeresis: 0,
      severidad: 'AVISO',
      roles_destino: [],
      usuarios_destino: [],
      canal_app: true,
      canal_email: false,
      activa: true,
      version: 1,
      ...cambios,
    });
    expect(origenRegla(regla({}))).toBe('Paros Línea 3');
    expect(limiteRegla(regla({}))).toBe('> 25 min');
    expect(limiteRegla(regla({ condicion: 'MICROPAROS_HORA', umbral: 5 }))).toBe('> 5 por hora');
  });
});
