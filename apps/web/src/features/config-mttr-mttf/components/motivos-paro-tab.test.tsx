import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatesProvider } from '../../../components/dates/dates-provider.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { CategoriaParo, UmbralMicroparo } from '../api/motivos-paro.ts';
import { ConfigMttrMttfPage } from './config-mttr-mttf-page.tsx';
import { MotivosParoTab } from './motivos-paro-tab.tsx';

type Body = { query: string; variables: Record<string, unknown> };

const DIA = '2026-11-27';
const LINEAS = [
  { id: '1', nombre: 'Línea 1', numero: 1 },
  { id: '2', nombre: 'Línea 2', numero: 2 },
  { id: '3', nombre: 'Línea 3', numero: 3 },
];
const motivo = (m: Partial<CategoriaParo['motivos'][number]> & { id: string; nombre: string }) => ({
  categoria_id: '10',
  categoria: 'Mecánica',
  clase: 'FALLA' as const,
  linea_ids: [],
  codigos_falla: [],
  version: 1,
  ...m,
});
const CATEGORIAS: CategoriaParo[] = [
  {
    id: '10',
    nombre: 'Mecánica',
    version: 2,
    motivos: [
      motivo({ id: '100', nombre: 'Atasco en llenadora', linea_ids: ['1', '2'], codigos_falla: [101, 102] }),
      motivo({ id: '101', nombre: 'Cambio de molde', clase: 'CAMBIO_FORMATO' }),
    ],
  },
  { id: '11', nombre: 'Operación', version: 1, motivos: [] },
];
const UMBRALES: UmbralMicroparo[] = [
  { linea_id: '1', linea: 1, linea_nombre: 'Línea 1', segundos: 120, version: 4 },
  { linea_id: '2', linea: 2, linea_nombre: 'Línea 2', segundos: 90, version: 1 },
];

/** The GraphQL server: the tree, the lines, the thresholds; creating a reason answers `alCrear`. */
function servidor(
  alCrear: () => unknown = () => ({ data: { createMotivoParo: CATEGORIAS[0]!.motivos[0] } }),
) {
  const fetch = vi.fn(async (_url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as Body;
    let payload: unknown;
    if (body.query.includes('mutation CreateMotivoParo')) payload = alCrear();
    else if (body.query.includes('categoriasParo')) payload = { data: { categoriasParo: CATEGORIAS } };
    else if (body.query.includes('umbralesMicroparo')) payload = { data: { umbralesMicroparo: UMBRALES } };
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
    else if (body.query.includes('query ConfigParosLineas')) payload = { data: { lineas: LINEAS } };
    else if (body.query.includes('query ConfigParos('))
      payload = { data: { paros: { total: 0, items: [] } } };
    else payload = { data: null, errors: [{ message: 'No esperado' }] };
    return new Response(JSON.stringify(payload), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  authStore.setToken('t', Date.now() + 60_000);
  authStore.setUser({ id: '2', name: 'Adm', roles: [{ id: '2', name: 'admin' }] });
  return fetch;
}

const creaciones = (fetch: ReturnType<typeof servidor>) =>
  fetch.mock.calls
    .map(([, init]) => JSON.parse(init.body) as Body)
    .filter((b) => b.query.includes('mutation CreateMotivoParo'));

/** The page, on its "Motivos de paro" tab. */
async function abrirTab() {
  // The screen's router wraps it in the pickers' provider (the Paros tab's date fields).
  renderWithProviders(
    <DatesProvider>
      <ConfigMttrMttfPage />
    </DatesProvider>,
  );
  await userEvent.click(await screen.findByRole('tab', { name: 'Motivos de paro' }));
  return screen.findByRole('list', { name: 'Categorías de paro' });
}

/** The tab alone (the page's lines given), for the dialogs' tests. */
async function tabSola() {
  renderWithProviders(<MotivosParoTab lineas={LINEAS} />);
  return screen.findByRole('list', { name: 'Categorías de paro' });
}

/** Opens "Nuevo motivo" of Mecánica and fills its name. */
async function nuevoMotivoMecanica() {
  await userEvent.click(await screen.findByRole('button', { name: 'Nuevo motivo en Mecánica' }));
  const form = await screen.findByRole('form', { name: 'Nuevo motivo de paro' });
  await userEvent.type(within(form).getByRole('textbox', { name: 'Nombre' }), 'Rotura de botella');
  return form;
}

afterEach(() => {
  authStore.clear();
  vi.unstubAllGlobals();
});

describe('Motivos de paro tab', () => {
  it('shows the tree: categories with their count, reasons with class, lines and fault codes; the thresholds', async () => {
    servidor();
    const arbol = await abrirTab();
    const mecanica = within(arbol).getByRole('listitem', { name: 'Mecánica' });
    expect(within(mecanica).getByText('2 motivos')).toBeTruthy();
    const atasco = within(mecanica).getByRole('listitem', { name: 'Atasco en llenadora' });
    const chip = within(atasco).getByText('Falla').closest('.MuiChip-root');
    expect(chip?.className).toContain('MuiChip-colorError');
    await waitFor(() =>
      expect(atasco.textContent).toContain('Línea 1, Línea 2 · Códigos de falla: 101, 102'),
    );
    const molde = within(mecanica).getByRole('listitem', { name: 'Cambio de molde' });
    expect(within(molde).getByText('Cambio de formato')).toBeTruthy();
    expect(molde.textContent).toContain('Todas las líneas · Sin códigos de falla');

    const operacion = within(arbol).getByRole('listitem', { name: 'Operación' });
    expect(within(operacion).getByText('Sin motivos')).toBeTruthy();
    // Only an empty category can be deleted.
    expect(within(mecanica).getByRole('button', { name: 'Eliminar categoría Mecánica' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(operacion).getByRole('button', { name: 'Eliminar categoría Operación' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.getByRole('button', { name: 'Nueva categoría' })).toBeTruthy();

    expect(screen.getByRole('heading', { name: 'Umbral de microparo por línea' })).toBeTruthy();
    expect(
      screen.getByText(
        'Un paro más corto es un microparo y no pide motivo. Se aplica a los paros que empiecen después del cambio.',
      ),
    ).toBeTruthy();
    // The grid mounts with its rows, once they are in (ConfigGrid).
    const grid = await screen.findByRole('table', { name: 'Umbral de microparo por línea' });
    await within(grid).findByText('Línea 2');
    expect(within(grid).getByText('120')).toBeTruthy();
    expect(within(grid).getByText('90')).toBeTruthy();
  });

  it('creates a reason with its category, class, lines and parsed codes; the server’s refusal shows under its field', async () => {
    const mensaje = 'El código 101 ya elige «Atasco en llenadora» en Línea 1';
    const fetch = servidor(() => ({
      data: null,
      errors: [{ message: mensaje, extensions: { code: 'BAD_USER_INPUT', field: 'codigos_falla' } }],
    }));
    await tabSola();
    const form = await nuevoMotivoMecanica();
    expect(within(form).getByRole('combobox', { name: 'Categoría' }).textContent).toBe('Mecánica');

    await userEvent.click(within(form).getByRole('combobox', { name: 'Clase de pérdida' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Calidad' }));
    expect(within(form).getByText('Pérdida de calidad: producto rechazado o reprocesado.')).toBeTruthy();

    const lineas = within(form).getByRole('combobox', { name: 'Líneas' });
    expect(lineas.textContent).toBe('Todas las líneas');
    await userEvent.click(lineas);
    await userEvent.click(await screen.findByRole('option', { name: 'Línea 3' }));
    await userEvent.click(screen.getByRole('option', { name: 'Línea 1' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(lineas.textContent).toBe('Línea 3, Línea 1');

    await userEvent.type(within(form).getByRole('textbox', { name: 'Códigos de falla' }), '205 101,  150');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(creaciones(fetch)).toHaveLength(1));
    expect(creaciones(fetch)[0]?.variables).toEqual({
      input: {
        categoria_id: '10',
        nombre: 'Rotura de botella',
        clase: 'CALIDAD',
        linea_ids: ['1', '3'],
        codigos_falla: [101, 150, 205],
      },
    });
    // Under the codes field; the dialog stays open with what was typed.
    const codigos = within(form).getByRole('textbox', { name: 'Códigos de falla' });
    await waitFor(() => expect(codigos.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(mensaje)).toBeTruthy();
    expect((codigos as HTMLInputElement).value).toBe('205 101,  150');
  });

  it('refuses bad fault-code text before sending anything', async () => {
    const fetch = servidor();
    await tabSola();
    const form = await nuevoMotivoMecanica();
    const codigos = within(form).getByRole('textbox', { name: 'Códigos de falla' });

    await userEvent.type(codigos, '101, abc');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('«abc» no es un código: escriba números enteros')).toBeTruthy();

    await userEvent.clear(codigos);
    await userEvent.type(codigos, '101 70000');
    expect(await within(form).findByText('El código 70000 está fuera de rango (1 a 65535)')).toBeTruthy();

    await userEvent.clear(codigos);
    await userEvent.type(codigos, '7 7');
    expect(await within(form).findByText('El código 7 está repetido')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    expect(creaciones(fetch)).toHaveLength(0);
    expect(screen.getByRole('form', { name: 'Nuevo motivo de paro' })).toBeTruthy();
  });
});
