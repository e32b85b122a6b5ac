import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { TurnoHorario } from '../api/turnos-horario.ts';
import { ConfigProductividadPage } from './config-productividad-page.tsx';

type Body = { query: string; variables: Record<string, unknown> };

const DIA = '2026-11-27';
const TRES: TurnoHorario[] = [
  { numero: 1, nombre: 'Turno 1', inicio: '08:00', fin: '16:00', version: 3 },
  { numero: 2, nombre: 'Turno 2', inicio: '16:00', fin: '00:00', version: 3 },
  { numero: 3, nombre: 'Turno 3', inicio: '00:00', fin: '08:00', version: 3 },
];

/**
 * The GraphQL server: the plant's shifts are `horario.turnos`; a save answers `alGuardar`
 * (by default it stores what it is given under the next version).
 */
function servidor(alGuardar?: (body: Body) => unknown) {
  const horario = { turnos: TRES };
  const fetch = vi.fn(async (_url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as Body;
    let payload: unknown;
    if (body.query.includes('mutation GuardarTurnosHorario')) {
      payload = alGuardar?.(body);
      if (!payload) {
        const version = (body.variables.version as number) + 1;
        horario.turnos = (body.variables.turnos as TurnoHorario[]).map((t, i) => ({
          ...t,
          numero: i + 1,
          version,
        }));
        payload = { data: { guardarTurnosHorario: horario.turnos } };
      }
    } else if (body.query.includes('turnosHorario')) payload = { data: { turnosHorario: horario.turnos } };
    else if (body.query.includes('calendarioPlanta'))
      payload = {
        data: {
          calendarioPlanta: {
            zona_horaria: 'America/Lima',
            dia_produccion: DIA,
            fecha_energia: DIA,
            ahora: `${DIA}T15:00:00Z`,
            primer_dia: '2020-01-01',
          },
        },
      };
    else if (body.query.includes('turnosDia')) payload = { data: { turnosDia: [] } };
    else if (body.query.includes('turnos')) payload = { data: { turnos: [] } };
    else if (body.query.includes('lineas'))
      payload = { data: { lineas: [{ id: '1', nombre: 'Línea 1', numero: 1 }] } };
    return new Response(JSON.stringify(payload), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  authStore.setToken('t', Date.now() + 60_000);
  authStore.setUser({ id: '2', name: 'Adm', roles: [{ id: '2', name: 'admin' }] });
  return { fetch, horario };
}

const guardados = (fetch: ReturnType<typeof servidor>['fetch']) =>
  fetch.mock.calls
    .map(([, init]) => JSON.parse(init.body) as Body)
    .filter((b) => b.query.includes('mutation GuardarTurnosHorario'));

async function abrirHorario() {
  renderWithProviders(<ConfigProductividadPage />);
  await userEvent.click(screen.getByRole('tab', { name: 'Horario de turnos' }));
  return screen.findByRole('table', { name: 'Horario de turnos' });
}

async function escribir(form: HTMLElement, nombre: string, texto: string) {
  const campo = within(form).getByRole('textbox', { name: nombre });
  await userEvent.clear(campo);
  await userEvent.type(campo, texto);
}

/** The table's rows (`hidden`: also read while the dialog hides the page from the accessibility tree). */
const filas = (tabla: HTMLElement) =>
  within(tabla)
    .getAllByRole('row', { hidden: true })
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell', { hidden: true })
        .map((c) => c.textContent),
    );

afterEach(() => {
  authStore.clear();
  vi.unstubAllGlobals();
});

describe('Horario de turnos tab', () => {
  it('keeps "Horas por día" as the first tab', () => {
    servidor();
    renderWithProviders(<ConfigProductividadPage />);
    expect(screen.getByRole('tab', { name: 'Horas por día' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the shifts and refuses a gap or an overlap in Spanish, sending nothing', async () => {
    const { fetch } = servidor();
    const tabla = await abrirHorario();
    await waitFor(() => expect(filas(tabla)).toHaveLength(4));
    expect(filas(tabla)).toEqual([
      ['1', 'Turno 1', '08:00', '16:00', '8 h'],
      ['2', 'Turno 2', '16:00', '00:00', '8 h'],
      ['3', 'Turno 3', '00:00', '08:00', '8 h'],
      ['Total', '24 h'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Editar horario' }));
    const form = await screen.findByRole('form', { name: 'Editar horario de turnos' });
    const estado = within(form).getByRole('status');
    expect(estado.textContent).toBe('Cubren el día de 08:00 a 08:00: 24 h');
    expect(within(form).getByRole('textbox', { name: 'Inicio del turno 1' })).toHaveProperty(
      'disabled',
      true,
    );

    // Turno 1 ends after Turno 2 starts: an overlap, under Turno 2's start.
    await escribir(form, 'Fin del turno 1', '17:00');
    expect(
      await within(form).findByText(
        'Se superpone con Turno 1, que termina a las 17:00: debe empezar a esa hora',
      ),
    ).toBeTruthy();
    expect(estado.textContent).toBe(
      'Suman 25 h: deben cubrir 24 h, de 08:00 a 08:00, sin huecos ni superposiciones',
    );
    // Before it: a gap.
    await escribir(form, 'Fin del turno 1', '15:00');
    expect(
      await within(form).findByText(
        'Hay un hueco de 15:00 a 16:00: debe empezar a las 15:00, cuando termina Turno 1',
      ),
    ).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    // Refused in the browser: the field at fault takes the focus, nothing is sent.
    const inicio2 = within(form).getByRole('textbox', { name: 'Inicio del turno 2' });
    await waitFor(() => expect(document.activeElement).toBe(inicio2));
    expect(guardados(fetch)).toHaveLength(0);
    expect(screen.getByRole('form', { name: 'Editar horario de turnos' })).toBeTruthy();
  });

  it('sends a valid two-shift 12 h set with the version read, then shows it', async () => {
    const { fetch } = servidor();
    const tabla = await abrirHorario();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar horario' }));
    const form = await screen.findByRole('form', { name: 'Editar horario de turnos' });
    const estado = within(form).getByRole('status');

    // Two shifts of 12 h: Turno 3 removed (Turno 2 takes its time, to 08:00), the change at 20:00.
    await userEvent.click(within(form).getByRole('button', { name: 'Quitar turno 3' }));
    expect(within(form).queryByRole('textbox', { name: 'Nombre del turno 3' })).toBeNull();
    expect(within(form).getByRole('textbox', { name: 'Fin del turno 2' })).toHaveProperty('value', '08:00');
    await escribir(form, 'Fin del turno 1', '20:00');
    await escribir(form, 'Inicio del turno 2', '20:00');
    await waitFor(() => expect(estado.textContent).toBe('Cubren el día de 08:00 a 08:00: 24 h'));
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(guardados(fetch)).toHaveLength(1));
    expect(guardados(fetch)[0]?.variables).toEqual({
      turnos: [
        { nombre: 'Turno 1', inicio: '08:00', fin: '20:00' },
        { nombre: 'Turno 2', inicio: '20:00', fin: '08:00' },
      ],
      version: 3,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Editar horario de turnos' })).toBeNull());
    // The table is read again.
    await waitFor(() =>
      expect(filas(tabla)).toEqual([
        ['1', 'Turno 1', '08:00', '20:00', '12 h'],
        ['2', 'Turno 2', '20:00', '08:00', '12 h'],
        ['Total', '24 h'],
      ]),
    );
  });

  it('adds a shift by splitting the last one', async () => {
    servidor();
    await abrirHorario();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar horario' }));
    const form = await screen.findByRole('form', { name: 'Editar horario de turnos' });
    await userEvent.click(within(form).getByRole('button', { name: 'Agregar turno' }));
    expect(within(form).getByRole('textbox', { name: 'Fin del turno 3' })).toHaveProperty('value', '04:00');
    expect(within(form).getByRole('textbox', { name: 'Nombre del turno 4' })).toHaveProperty(
      'value',
      'Turno 4',
    );
    expect(within(form).getByRole('textbox', { name: 'Inicio del turno 4' })).toHaveProperty(
      'value',
      '04:00',
    );
    expect(within(form).getByRole('textbox', { name: 'Fin del turno 4' })).toHaveProperty('value', '08:00');
    expect(within(form).getByRole('status').textContent).toBe('Cubren el día de 08:00 a 08:00: 24 h');
  });

  it('on a CONFLICT shows the server’s message and reloads the shifts', async () => {
    const mensaje = 'Otro usuario cambió el horario de turnos: revise los datos y vuelva a guardar';
    const { fetch, horario } = servidor(() => {
      // Another admin saved meanwhile.
      horario.turnos = [{ numero: 1, nombre: 'Día', inicio: '08:00', fin: '08:00', version: 4 }];
      return {
        data: null,
        errors: [{ message: mensaje, extensions: { code: 'CONFLICT', field: 'version' } }],
      };
    });
    const tabla = await abrirHorario();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar horario' }));
    const form = await screen.findByRole('form', { name: 'Editar horario de turnos' });
    await escribir(form, 'Nombre del turno 1', 'Mañana');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(guardados(fetch)).toHaveLength(1));
    expect(await within(form).findByText(mensaje)).toBeTruthy();
    // The form and the table now show the other admin's shifts.
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Nombre del turno 1' })).toHaveProperty(
        'value',
        'Día',
      ),
    );
    expect(within(form).queryByRole('textbox', { name: 'Nombre del turno 2' })).toBeNull();
    await waitFor(() => expect(filas(tabla)[0]).toEqual(['1', 'Día', '08:00', '08:00', '24 h']));
  });
});
