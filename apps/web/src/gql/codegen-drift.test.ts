// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../../codegen.ts';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('generated GraphQL types', () => {
  it('match the server schema and the .graphql documents (run "npm run codegen -w @planta/web")', async () => {
    const cwd = process.cwd();
    process.chdir(webDir);
    try {
      const outputs = (await generate({ ...config, silent: true }, false)) as {
        filename: string;
        content: string;
      }[];
      expect(outputs.length).toBeGreaterThan(1);
      for (const output of outputs) {
        const file = path.resolve(webDir, output.filename);
        expect(fs.existsSync(file), `${output.filename} falta`).toBe(true);
        expect(fs.readFileSync(file, 'utf8'), `${output.filename} está desactualizado`).toBe(output.content);
      }
    } finally {
      process.chdir(cwd);
    }
  }, 60_000);
});
