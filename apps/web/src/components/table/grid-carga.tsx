import { LinearProgress, type LinearProgressProps } from '@mui/material';

/**
 * The grids' loading bar, seen but not announced: MUI X draws it inside the element with
 * role="grid", where a progressbar is not an allowed child (axe: aria-required-children, critical)
 * and has no name (aria-progressbar-name). The box around the grid says it is busy instead
 * (`aria-busy`), which is how a screen reader learns that the rows are being read again.
 */
function BarraDeCargaDeGrid(props: LinearProgressProps) {
  return <LinearProgress {...props} aria-hidden />;
}

/** The `slots` every DataGrid of the app takes (one object: the grid sees the same slots each render). */
export const SLOTS_DE_GRID = { baseLinearProgress: BarraDeCargaDeGrid } as const;
