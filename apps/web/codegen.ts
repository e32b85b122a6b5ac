import type { CodegenConfig } from '@graphql-codegen/cli';

const scalars = { Date: 'string', DateTime: 'string', ID: 'string' };

/**
 * Typed GraphQL documents for the web app, from the server's SDL: every `x.graphql` operation file
 * gets an `x.generated.ts` beside it (one tree-shakeable document per file, no global map).
 * Run: npm run codegen -w @planta/web. A test fails when the committed files drift.
 */
const config: CodegenConfig = {
  schema: ['../server/src/graphql/base.graphql', '../server/src/modules/*/*.graphql'],
  documents: ['src/**/*.graphql'],
  generates: {
    'src/gql/types.ts': {
      plugins: ['typescript'],
      config: { onlyOperationTypes: true, enumsAsTypes: true, useTypeImports: true, scalars },
    },
    'src/': {
      preset: 'near-operation-file',
      presetConfig: { extension: '.generated.ts', baseTypesPath: 'gql/types.ts' },
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        documentMode: 'string',
        useTypeImports: true,
        enumsAsTypes: true,
        scalars,
        avoidOptionals: { field: true, inputValue: false },
      },
    },
  },
};

export default config;
