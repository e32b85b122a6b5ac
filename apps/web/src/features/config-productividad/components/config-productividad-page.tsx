import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

/** /configuracion/productividad: being built (issue 16). */
export function ConfigProductividadPage() {
  return <PlaceholderPage />;
}
