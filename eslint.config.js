import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'apps/server/src/db/migrations/**',
      '**/*.generated.ts',
      'apps/web/src/gql/types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Lea la configuración solo en apps/server/src/config.ts.',
        },
      ],
    },
  },
  {
    // Where reading the environment is the point: configuration, test and tooling entry points.
    files: [
      'apps/server/src/config.ts',
      'apps/server/test/**',
      'e2e/**',
      'bench/**',
      'scripts/**',
      '*.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['useSearchParams'],
              message:
                'Use useSearchParams de apps/web/src/lib/search-params.ts: el del router aplica un cambio a la consulta aún mostrada y deshace el anterior.',
            },
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useQueries'],
              message:
                'Use useQuery y useQueries de apps/web/src/lib/consultas.ts: sus respuestas se pintan en una transición, no en una tarea larga.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
