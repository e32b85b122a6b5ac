import { Box } from '@mui/material';
import { useIsFetching } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useRef } from 'react';
import { useCercaDeLaVista } from './cerca-de-la-vista.ts';

/**
 * A component loaded apart and rendered once its place comes within a scroll of the viewport:
 * until then, and while it downloads, an empty box of `alto` px. For what sits below a screen's
 * first view and costs much to load or to draw (the MUI X DataGrid: ≈ 100 KB of script, and the
 * longest task of the screens that open with one), so that opening the screen pays for neither
 * (DESIGN §8, issue 34). Its place is watched once the screen's data are in (no query fetching):
 * before that, the sections above it have not their height yet and it would seem near. Once its
 * module has loaded it renders at once; without IntersectionObserver it loads right away.
 */
export function cargarAlVerse<P extends object>(load: () => Promise<ComponentType<P>>, alto: number) {
  let cargado = false;
  const Componente = lazy(() =>
    load().then((component) => {
      cargado = true;
      return { default: component };
    }),
  );
  return function AlVerse(props: P) {
    const cargando = useIsFetching() > 0;
    const hueco = useRef<HTMLDivElement>(null);
    const cerca = useCercaDeLaVista(hueco, !cargando, cargado);
    // data-al-verse: what the accessibility suite scrolls to before it scans a screen.
    if (!cerca) return <Box ref={hueco} data-al-verse sx={{ minHeight: alto }} />;
    return (
      <Suspense fallback={<Box sx={{ minHeight: alto }} />}>
        <Componente {...props} />
      </Suspense>
    );
  };
}
