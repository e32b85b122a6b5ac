import { Box } from '@mui/material';
import { useIsFetching } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';

/**
 * How far below the viewport a placeholder starts loading its component: a short scroll, so that
 * what starts just under a screen's first view (the absentees' grid at 1350 × 940) is not loaded
 * with it, and is there by the time a person has scrolled to it.
 */
const MARGEN = '200px 0px';

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
    const [cerca, setCerca] = useState(cargado);
    const cargando = useIsFetching() > 0;
    const hueco = useRef<HTMLDivElement>(null);
    useEffect(() => {
      if (cerca || cargando) return;
      const el = hueco.current;
      if (!el || typeof IntersectionObserver === 'undefined') {
        setCerca(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) setCerca(true);
        },
        { rootMargin: MARGEN },
      );
      observer.observe(el);
      return () => observer.disconnect();
    }, [cerca, cargando]);
    // data-al-verse: what the accessibility suite scrolls to before it scans a screen.
    if (!cerca) return <Box ref={hueco} data-al-verse sx={{ minHeight: alto }} />;
    return (
      <Suspense fallback={<Box sx={{ minHeight: alto }} />}>
        <Componente {...props} />
      </Suspense>
    );
  };
}
