import { ROUTES } from '@planta/domain';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Loading } from '../components/feedback/loading.tsx';
import { ForbiddenPage } from '../components/feedback/forbidden-page.tsx';
import { NotFoundPage } from '../components/feedback/not-found-page.tsx';
import { RequireAuth, RequireRoute } from './guards.tsx';
import { BlankLayout } from './layouts/blank-layout.tsx';
import { RouteEffects } from './route-effects.tsx';
import { MainLayout, PlaceholderScreen, SCREENS } from './screens.ts';

function screenFor(path: string) {
  const Screen = SCREENS[path] ?? PlaceholderScreen;
  return <Screen />;
}

const guarded = (route: (typeof ROUTES)[number]) => (
  <RequireRoute route={route}>{screenFor(route.path)}</RequireRoute>
);

export function AppRoutes() {
  const main = ROUTES.filter((r) => r.layout === 'main');
  return (
    <Routes>
      <Route element={<RouteEffects />}>
        <Route path="/" element={<Navigate to="/menu" replace />} />
        <Route element={<BlankLayout />}>
          <Route path="/login" element={screenFor('/login')} />
          <Route path="/obz" element={<RequireAuth>{screenFor('/obz')}</RequireAuth>} />
        </Route>
        <Route
          element={
            <RequireAuth>
              <Suspense fallback={<Loading fullScreen />}>
                <MainLayout />
              </Suspense>
            </RequireAuth>
          }
        >
          {main.map((route) => (
            <Route key={route.path} path={route.path} element={guarded(route)} />
          ))}
          <Route path="/no-autorizado" element={<ForbiddenPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
