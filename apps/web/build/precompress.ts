import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
/** Below this a compressed copy saves too little to be worth a second file. */
const MIN_BYTES = 1024;

/**
 * Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) next to every compressible file of
 * the build, once at build time, so the server sends them by the request's Accept-Encoding
 * (@fastify/static `preCompressed`) without compressing anything per request. A copy that is not
 * smaller than the original is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'planta-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = listFiles(outDir).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.promises.readFile(file);
          if (data.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            }),
            gz(data, { level: 9 }),
          ]);
          if (br.length < data.length) await fs.promises.writeFile(`${file}.br`, br);
          if (gzipped.length < data.length) await fs.promises.writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}
