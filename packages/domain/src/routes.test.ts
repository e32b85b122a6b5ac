import { describe, expect, it } from 'vitest';
import { canAccess } from './roles.ts';
import { canOpen, findRoute, ROUTES, routeTitle, showsReportButton } from './routes.ts';

describe('routes', () => {
  it('carries the exact titles of SPEC §2', () => {
    expect(routeTitle('/menu')).toBe('Menú');
    expect(routeTitle('/recursos-humanos')).toBe('Horas Extra ~ Recursos Humnanos');
    expect(routeTitle('/configuracion')).toBe('Variables | Configuración');
    expect(routeTitle('/configuracion/mttr-mttf')).toBe('MTTR-MTTF | Configuración');
    expect(routeTitle('/configuracion/lineas')).toBe('Lineas | Configuración');
    expect(routeTitle('/pta/resumen/')).toBe('Resumen ~ PTA');
    expect(routeTitle('/no-existe')).toBe('Página no encontrada');
    expect(routeTitle('/no-autorizado')).toBe('No autorizado');
  });

  it("hides the report button on the three PTA routes, the water report and the operators' /paros", () => {
    const hidden = ROUTES.filter((r) => r.layout === 'main' && !r.reportButton).map((r) => r.path);
    expect(hidden.sort()).toEqual(['/paros', '/pta', '/pta/acumulados', '/pta/resumen', '/reportes/agua']);
    expect(showsReportButton('/fabrica')).toBe(true);
  });

  it('guards HR with the human-resources permission and administration with admin', () => {
    expect(findRoute('/recursos-humanos/asistencia-diaria')?.access).toBe('human-resources');
    expect(findRoute('/users')?.access).toBe('admin');
    expect(findRoute('/users/update-password')?.access).toBe('user');
    expect(ROUTES.filter((r) => r.path.startsWith('/configuracion')).every((r) => r.access === 'admin')).toBe(
      true,
    );
  });

  it('opens /menu, /paros, /fabrica/lineas and the password form to an operator, nothing else', () => {
    const operador = { roles: [{ name: 'operador' }] };
    expect(ROUTES.filter((r) => canOpen(operador, r)).map((r) => r.path)).toEqual([
      '/menu',
      '/login',
      '/fabrica/lineas',
      '/paros',
      '/users/update-password',
    ]);
    const usuario = { roles: [] };
    expect(canOpen(usuario, findRoute('/paros')!)).toBe(true);
    expect(canOpen(usuario, findRoute('/users')!)).toBe(false);
    expect(canAccess(operador, 'user')).toBe(false);
  });

  it('uses the blank layout for /login and /obz only', () => {
    expect(ROUTES.filter((r) => r.layout === 'blank').map((r) => r.path)).toEqual(['/login', '/obz']);
  });

  it('has unique paths', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });
});
