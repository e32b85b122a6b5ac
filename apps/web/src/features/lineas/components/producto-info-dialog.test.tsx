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
  it('shows the image and what the catalogue says of the presentation', () => {
    renderWithProviders(
      <ProductoInfoDialog
        open
        onClose={() => {}}
        numero={1}
        nombre="Línea 1"
        formato={103}
        producto={producto}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Naranja' })).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Naranja 600 ml' })).toBeTruthy();
    expect(within(dialog).getByText('600 ml × 12 · Línea 1')).toBeTruthy();
    expect(screen.getByTestId('info-volumen-paquete').textContent).toBe('Volumen por paquete7.2 L');
    expect(screen.getByTestId('info-factor').textContent).toBe('Factor1.268 CU por paquete');
    expect(screen.getByTestId('info-nominal').textContent).toBe(
      'Velocidad nominal (Línea 1)667 bpm · 3,335 paquetes/h',
    );
    expect(screen.getByTestId('info-hmi').textContent).toBe('Código HMI103 (línea 1)');
    expect(screen.getByTestId('info-imagen').textContent).toBe('Imagennaranja#ef6c00');
  });

  it('stays closed without a product', () => {
    renderWithProviders(
      <ProductoInfoDialog open onClose={() => {}} numero={2} nombre="Línea 2" formato={0} producto={null} />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
