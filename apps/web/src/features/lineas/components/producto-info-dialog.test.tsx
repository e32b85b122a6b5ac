import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { ProductoPresentacion } from '../api/producto-presentacion.ts';
import { ProductoInfoDialog } from './producto-info-dialog.tsx';

const producto: ProductoPresentacion = {
  id: '3',
  num_botellas: 12,
  hmi_linea1_id: 103,
  hmi_linea2_id: null,
  producto: { id: '3', descripcion: 'Naranja', image_prefix: 'naranja', image_color: '#ef6c00' },
  presentacion: { id: '4', volumen: 600, unid_medida: 'ml', factor: 1.2680521310320534 },
  velocidad_nominal: { id: '3', linea: 1, velocidad_paquetes_hora: 3335, velocidad_botellas_minuto: 667 },
};

describe('ProductoInfoDialog', () => {
  it('shows the image and what an operator needs of the presentation, no catalogue codes', () => {
    renderWithProviders(<ProductoInfoDialog open onClose={() => {}} nombre="Línea 1" producto={producto} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Naranja' })).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Naranja 600 ml' })).toBeTruthy();
    expect(within(dialog).getByText('600 ml × 12 · Línea 1')).toBeTruthy();
    expect(screen.getByTestId('info-producto').textContent).toBe('ProductoNaranja');
    expect(screen.getByTestId('info-presentacion').textContent).toBe('Tamaño de botella600 ml (0.6 L)');
    expect(screen.getByTestId('info-botellas-paquete').textContent).toBe('Unidades por paquete12');
    expect(screen.getByTestId('info-volumen-paquete').textContent).toBe('Volumen por paquete7.2 L');
    expect(screen.getByTestId('info-factor').textContent).toBe('Cajas unitarias1.268 CU por paquete');
    expect(screen.getByTestId('info-nominal').textContent).toBe(
      'Velocidad nominal (Línea 1)667 botellas/min · 3,335 paquetes/h',
    );
    // Developer data stays out: no HMI code, image prefix or hex colour.
    expect(dialog.textContent).not.toMatch(/#[0-9a-f]{3,8}|naranja\b|HMI|103/);
  });

  it('stays closed without a product', () => {
    renderWithProviders(<ProductoInfoDialog open onClose={() => {}} nombre="Línea 2" producto={null} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
