import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

/** /configuracion/mttr-mttf: being built (issue 16). */
export function ConfigMttrMttfPage() {
  return <PlaceholderPage />;
}
