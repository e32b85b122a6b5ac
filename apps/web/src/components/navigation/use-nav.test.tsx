import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { useNav } from './use-nav.ts';

afterEach(() => authStore.clear());

const rutas = () =>
  renderHook(() => useNav())
    .result.current.flatMap((g) => g.routes)
    .map((r) => r.path);

describe('useNav', () => {
  it('an operator sees the menu, /fabrica/lineas and /paros only', () => {
    authStore.setUser({ id: '1', name: 'Olga', roles: [{ id: '4', name: 'operador' }], lineas: [] });
    expect(rutas()).toEqual(['/menu', '/fabrica/lineas', '/paros']);
  });

  it('an admin sees /paros among every other screen', () => {
    authStore.setUser({ id: '2', name: 'Ada', roles: [{ id: '2', name: 'admin' }] });
    const paths = rutas();
    expect(paths).toContain('/paros');
    expect(paths).toContain('/users');
    expect(paths.length).toBeGreaterThan(10);
  });
});
