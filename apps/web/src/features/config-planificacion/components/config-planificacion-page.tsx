import { PlaceholderPage } from '../../placeholder/placeholder-page.tsx';

/** /configuracion/planificacion: being built (issue 16). */
export function ConfigPlanificacionPage() {
  return <PlaceholderPage />;
}
