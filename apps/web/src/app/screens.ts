import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen =>
  lazy(() => load().then((module) => ({ default: module[name] })));

/** Screens built so far, each its own lazily loaded chunk. */
export const SCREENS: Record<string, Screen> = {
  '/menu': named(() => import('../features/menu/menu-page.tsx'), 'MenuPage'),
  '/login': named(() => import('../features/auth/components/login-page.tsx'), 'LoginPage'),
  '/fabrica/lineas': named(() => import('../features/lineas/components/lineas-page.tsx'), 'LineasPage'),
  '/users': named(() => import('../features/users/components/users-page.tsx'), 'UsersPage'),
  '/users/update-password': named(
    () => import('../features/auth/components/update-password-page.tsx'),
    'UpdatePasswordPage',
  ),
};

/** Screens of later issues: a titled page saying what they will show. */
export const PlaceholderScreen = named(
  () => import('../features/placeholder/placeholder-page.tsx'),
  'PlaceholderPage',
);

/** The header + drawer shell, loaded after login so the login screen stays small. */
export const MainLayout = named(() => import('./layouts/main-layout.tsx'), 'MainLayout');
