import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

/** /configuracion/zero-waste: being built (issue 16). */
export function ConfigZeroWastePage() {
  return <PlaceholderPage />;
}
