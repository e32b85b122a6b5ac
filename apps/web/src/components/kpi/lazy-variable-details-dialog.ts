import { lazyDialog } from '../feedback/lazy-dialog.tsx';
import type { VariableDetailsDialogProps } from './variable-details-dialog.tsx';

/** The chart-details dialog, loaded when a variable's details are first asked for. */
export const LazyVariableDetailsDialog = lazyDialog<VariableDetailsDialogProps>(
  () => import('./variable-details-dialog.tsx').then((m) => m.VariableDetailsDialog),
  (props) => props.nombre !== null,
);
