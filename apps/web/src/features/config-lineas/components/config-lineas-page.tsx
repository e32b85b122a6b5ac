import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

/** /configuracion/lineas: being built (issue 16). */
export function ConfigLineasPage() {
  return <PlaceholderPage />;
}
