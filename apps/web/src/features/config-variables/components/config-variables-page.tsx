import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

/** /configuracion: being built (issue 16). */
export function ConfigVariablesPage() {
  return <PlaceholderPage />;
}
