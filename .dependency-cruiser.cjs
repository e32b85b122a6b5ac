/**
 * The import rules of Planta (issue 32; docs/architecture.md, "Layer rules, enforced"): no import
 * cycles anywhere, and the layers one way. Run by `npm run deps` (part of `npm run check`) and by
 * apps/server/test/dependencias.test.ts (part of the test run), which also checks on a fixture tree
 * that every rule below fires.
 *
 * Paths are relative to the repository's root; type-only imports count like any other (a cycle
 * through types is still a knot). Test files obey no-circular but not the layer rules: a test may
 * reach into another slice to build its fixtures.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */

/** Tests, their fixtures and the tooling around them: exempt from the layer rules. */
const PRUEBAS = ['[.]test[.]tsx?$', '^apps/server/test/', '^apps/web/src/testing/', '^e2e/', '^bench/'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Ciclo de imports: nada que importe un archivo puede ser importado (ni por sus tipos) por él. ' +
        'Mueva lo compartido junto a lo que lo construye o a un lugar común.',
      from: {},
      to: {
        circular: true,
      },
    },
    {
      name: 'web-feature-a-otra-feature',
      severity: 'error',
      comment:
        'Una feature de la web (apps/web/src/features/<x>/: una pantalla) no importa otra feature. ' +
        'Lo que comparten va en apps/web/src/components/ o apps/web/src/lib/.',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: PRUEBAS },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'modulo-a-otro-modulo',
      severity: 'error',
      comment:
        'Un módulo del servidor (apps/server/src/modules/<x>/) llega a otro solo por su superficie pública: ' +
        'su *.service.ts o *.repository.ts (las instancias las cablea modules/registry.ts), sus *.dto.ts ' +
        '(el tipo GraphQL que otros tipos incluyen) y sus *.exportar.ts (las filas que los PDF reutilizan); ' +
        'nunca sus resolvers, rutas ni archivos internos. Lo genérico va fuera de modules/ ' +
        '(src/validation.ts, src/service-helpers.ts, src/dates.ts, src/db/, src/http/).',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: PRUEBAS },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: [
          '^apps/server/src/modules/$1/',
          '^apps/server/src/modules/[^/]+/[^/]+[.](service|repository|dto|exportar)[.]ts$',
          // Shared by every service (docs/architecture.md): the session and its guards, and the
          // rules every write follows with its audit log (modules/audit/cambios.ts).
          '^apps/server/src/modules/(auth|audit)/',
          // Who may read a variable's data (by its area): applied wherever a variable's data is
          // read — alarms, notifications, reports, plans.
          '^apps/server/src/modules/variables/variable-access[.]ts$',
          // The user as the API sees it and its query: the session (modules/auth) is built on it.
          '^apps/server/src/modules/users/user-record[.]ts$',
        ],
      },
    },
    {
      name: 'graphql-a-modulo',
      severity: 'error',
      comment:
        'apps/server/src/graphql/ (el esquema, el contexto, los límites) no importa ningún módulo: ' +
        'lo que necesita de ellos lo declara como interfaz y app.ts se lo pasa.',
      from: { path: '^apps/server/src/graphql/', pathNot: PRUEBAS },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'repositorio-hacia-arriba',
      severity: 'error',
      comment:
        'Capas del servidor en un solo sentido, resolver → service → repository: un repositorio no ' +
        'importa servicios, resolvers ni rutas.',
      from: { path: '^apps/server/src/.*[.]repository[.]ts$' },
      to: { path: '[.](service|resolvers|routes)[.]ts$' },
    },
    {
      name: 'servicio-hacia-arriba',
      severity: 'error',
      comment:
        'Capas del servidor en un solo sentido, resolver → service → repository: un servicio no ' +
        'importa resolvers ni rutas (la forma de la respuesta es de la capa de arriba).',
      from: { path: '^apps/server/src/.*[.]service[.]ts$' },
      to: { path: '[.](resolvers|routes)[.]ts$' },
    },
    {
      name: 'paquete-a-app',
      severity: 'error',
      comment: 'Los paquetes compartidos (packages/*) no importan ninguna app (apps/*).',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    // Only the code: what node_modules holds is not followed, build output not read.
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^apps/web/build/out/'] },
    // Count type-only imports too (TypeScript would erase them; a cycle through them is still one).
    tsPreCompilationDeps: true,
    // TypeScript's compiler options (the .ts extensions in imports); the @planta/* workspaces
    // resolve through node_modules and their package.json "exports" to packages/*/src.
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
