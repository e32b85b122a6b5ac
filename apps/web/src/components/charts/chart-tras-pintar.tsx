import { Box } from '@mui/material';
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A chart component loaded apart (its module brings ECharts, the largest chunk) and rendered once
 * `pintado` says the text above it has painted (see lib/use-painted.ts): until then, and while it
 * downloads, an empty box of its `height`. Once its module has loaded (another card, another visit)
 * it renders at once. Used by /fabrica's trend card and /fabrica/lineas' line cards, so that the
 * chart's code does not share the link with the screen's first paint (its LCP).
 */
export function chartTrasPintar<P extends { height?: number }>(load: () => Promise<ComponentType<P>>) {
  let cargado = false;
  const Grafico = lazy(() =>
    load().then((component) => {
      cargado = true;
      return { default: component };
    }),
  );
  return function ChartTrasPintar({ pintado, ...props }: P & { pintado: boolean }) {
    const hueco = <Box sx={{ height: props.height }} />;
    if (!pintado && !cargado) return hueco;
    return (
      <Suspense fallback={hueco}>
        <Grafico {...(props as unknown as P)} />
      </Suspense>
    );
  };
}
