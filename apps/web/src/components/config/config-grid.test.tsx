import DeleteIcon from '@mui/icons-material/Delete';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccionFila, type ColumnaConfig } from './columnas.tsx';
import { ConfigGrid, type PaginaConfig } from './config-grid.tsx';

interface Linea {
  id: number;
  nombre: string;
  velocidad: number | null;
  activa: boolean;
}

const LINEAS: Linea[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  nombre: `Línea ${i + 1}`,
  // Digits a search for a line's number does not meet: 5,000 5,900 6,800 7,700 8,600.
  velocidad: i % 7 === 0 ? null : 5000 + ((i * 3) % 5) * 900,
  activa: i % 2 === 0,
}));

const borrar = vi.fn();
const COLUMNAS: ColumnaConfig<Linea>[] = [
  { field: 'nombre', headerName: 'Nombre', flex: 1 },
  { field: 'velocidad', headerName: 'Velocidad', type: 'number', width: 100 },
  {
    field: 'estado',
    headerName: 'Estado',
    width: 90,
    valueGetter: (_v, row) => (row.activa ? 'Activa' : 'Inactiva'),
  },
  {
    field: 'acciones',
    type: 'actions',
    headerName: 'Acciones',
    getActions: ({ row }) => [
      <AccionFila
        key="b"
        icon={<DeleteIcon />}
        label={`Eliminar ${row.nombre}`}
        onClick={() => borrar(row.id)}
      />,
    ],
  },
];

/** The body's rows: each one's cells' texts. */
const filas = () =>
  within(screen.getByRole('table', { name: 'Líneas' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    );

afterEach(() => borrar.mockReset());

describe('ConfigGrid', () => {
  it('shows 25 rows a page in the order it opens with, and moves between pages', async () => {
    render(
      <ConfigGrid<Linea>
        label="Líneas"
        rows={LINEAS}
        columns={COLUMNAS}
        loading={false}
        initialState={{ sorting: { sortModel: [{ field: 'nombre', sort: 'desc' }] } }}
      />,
    );
    await screen.findByRole('table', { name: 'Líneas' });
    expect(filas()).toHaveLength(25);
    // Texts in Spanish order with their numbers as numbers: 'Línea 30' before 'Línea 9'.
    expect(filas()[0]![0]).toBe('Línea 30');
    expect(filas()[21]![0]).toBe('Línea 9');
    expect(screen.getByText('1–25 de 30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(filas()).toHaveLength(5);
    expect(filas().at(-1)![0]).toBe('Línea 1');
  });

  it('sorts by a heading, numbers as numbers and the empty ones last both ways, then back to as given', async () => {
    render(<ConfigGrid<Linea> label="Líneas" rows={LINEAS} columns={COLUMNAS} loading={false} />);
    await screen.findByRole('table', { name: 'Líneas' });
    const encabezado = screen.getByRole('button', { name: 'Velocidad' });
    const velocidades = () => filas().map((f) => f[1]);
    fireEvent.click(encabezado);
    expect(screen.getByRole('columnheader', { name: /Velocidad/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Filas por página:/ }));
    fireEvent.click(screen.getByRole('option', { name: '50' }));
    const asc = velocidades();
    const numeros = (xs: (string | null | undefined)[]) =>
      xs.filter((x) => x).map((x) => Number(x!.replace(/,/g, '')));
    expect(numeros(asc)).toEqual([...numeros(asc)].sort((a, b) => a - b));
    expect(asc.slice(-5)).toEqual(['', '', '', '', '']);
    fireEvent.click(encabezado);
    const desc = velocidades();
    expect(numeros(desc)).toEqual([...numeros(desc)].sort((a, b) => b - a));
    expect(desc.slice(-5)).toEqual(['', '', '', '', '']);
    fireEvent.click(encabezado);
    expect(filas().map((f) => f[0])).toEqual(LINEAS.map((l) => l.nombre));
  });

  it('finds rows by what their cells say, accents and case aside, from the first page', async () => {
    render(<ConfigGrid<Linea> label="Líneas" rows={LINEAS} columns={COLUMNAS} loading={false} />);
    await screen.findByRole('table', { name: 'Líneas' });
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    const buscar = screen.getByRole('searchbox', { name: 'Buscar en Líneas' });
    fireEvent.change(buscar, { target: { value: 'LINEA 2 inactiva' } });
    // The inactive lines (even numbers) whose name holds a 2.
    expect(filas().map((f) => f[0])).toEqual([
      'Línea 2',
      'Línea 12',
      'Línea 20',
      'Línea 22',
      'Línea 24',
      'Línea 26',
      'Línea 28',
    ]);
    expect(screen.getByText('1–7 de 7')).toBeTruthy();
    fireEvent.change(buscar, { target: { value: 'nada así' } });
    expect(screen.getByText('Sin filas')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Exportar CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a row's actions are buttons named with the row", async () => {
    render(<ConfigGrid<Linea> label="Líneas" rows={LINEAS} columns={COLUMNAS} loading={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar Línea 3' }));
    expect(borrar).toHaveBeenCalledWith(3);
  });

  it('exports the rows found as CSV for a Spanish Excel, a formula kept as text', async () => {
    const urls: Blob[] = [];
    const crear = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      urls.push(b as Blob);
      return 'blob:x';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      // A name a spreadsheet would run (OWASP "CSV injection"); a negative number stays a number.
      const filas = [
        ...LINEAS,
        { id: 99, nombre: '=Línea 1+HIPERVINCULO("x")', velocidad: -5, activa: true },
      ];
      render(<ConfigGrid<Linea> label="Líneas" rows={filas} columns={COLUMNAS} loading={false} />);
      await screen.findByRole('table', { name: 'Líneas' });
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Línea 1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      const texto = await urls[0]!.text();
      const lineas = texto
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lineas[0]).toBe('Nombre;Velocidad;Estado');
      // 'Línea 1', 'Línea 10'–'Línea 19', 'Línea 21' and the formula: every row found, not only the page's.
      expect(lineas).toHaveLength(14);
      expect(lineas[1]).toBe('Línea 1;;Activa');
      expect(lineas.at(-1)).toBe(`"'=Línea 1+HIPERVINCULO(""x"")";-5;Activa`);
    } finally {
      crear.mockRestore();
      click.mockRestore();
    }
  });

  it("with the server's pages: the page it was given, the server's total, page changes asked", async () => {
    function Servidor() {
      const [pagina, setPagina] = useState<PaginaConfig>({ page: 0, pageSize: 10 });
      const rows = LINEAS.slice(pagina.page * pagina.pageSize, (pagina.page + 1) * pagina.pageSize);
      return (
        <ConfigGrid<Linea>
          label="Líneas"
          rows={rows}
          rowCount={LINEAS.length}
          columns={COLUMNAS}
          loading={false}
          paginationMode="server"
          paginationModel={pagina}
          onPaginationModelChange={setPagina}
        />
      );
    }
    render(<Servidor />);
    await screen.findByRole('table', { name: 'Líneas' });
    expect(filas()).toHaveLength(10);
    expect(screen.getByText('1–10 de 30')).toBeTruthy();
    // A server's page is not searched nor sorted here: only part of the rows is.
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nombre' })).toBeNull();
    // Nor is an export of all 30 offered: its button says it holds the page shown.
    expect(screen.queryByRole('button', { name: 'Exportar CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Exportar CSV de esta página' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(filas()[0]![0]).toBe('Línea 11'));
  });

  it('holds the room of an empty table while the first rows load, and says when there are none', async () => {
    const { rerender } = render(
      <ConfigGrid<Linea>
        label="Líneas"
        rows={undefined}
        columns={COLUMNAS}
        loading
        sinFilas="No hay líneas"
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Cargando: Líneas' })).toBeTruthy();
    rerender(
      <ConfigGrid<Linea>
        label="Líneas"
        rows={[]}
        columns={COLUMNAS}
        loading={false}
        sinFilas="No hay líneas"
      />,
    );
    expect(await screen.findByText('No hay líneas')).toBeTruthy();
  });
});
