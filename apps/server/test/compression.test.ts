import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { productos } from '../src/db/schema/index.ts';
import { COMPRESSION_THRESHOLD } from '../src/http/compression.ts';
import { graphqlCrudo } from './crudo.ts';
import { describeEachDatabase } from './harness.ts';

// A built web app with the build's precompressed copies (apps/web/build/precompress.ts). Both files
// are over 1 KB: were the per-request compression hooked to the static files, the asset would be
// compressed twice and index.html (no copies) compressed on the fly.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-web-'));
const asset = `console.log(${JSON.stringify('planta '.repeat(400))});\n`;
const shell = `<!doctype html><title>Planta</title><!--${'-'.repeat(2000)}--><div id="root"></div>`;
fs.writeFileSync(path.join(webDist, 'index.html'), shell);
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app-123.js'), asset);
fs.writeFileSync(path.join(webDist, 'assets', 'app-123.js.br'), brotliCompressSync(asset));
fs.writeFileSync(path.join(webDist, 'assets', 'app-123.js.gz'), gzipSync(asset));

/** The product catalog: 60 products, several KB of JSON. */
const LARGE = '{ productosConfig { id descripcion image_prefix image_color version } }';
const SMALL = '{ me { id name } }';

describeEachDatabase('compression of the API answers', (server) => {
  let token = '';
  beforeAll(async () => {
    await server()
      .database.db.insert(productos)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          descripcion: `Bebida de prueba ${i + 1}`,
          imagePrefix: `bebida-${i + 1}`,
          imageColor: '#c62828',
        })),
      );
    token = (await server().login()).access_token;
  });

  /** A GraphQL POST with the given Accept-Encoding (none when undefined), read as raw bytes. */
  const post = (query: string, acceptEncoding?: string) =>
    graphqlCrudo(server().url, token, JSON.stringify({ query }), acceptEncoding);

  it('a large answer goes out as brotli and decodes to the same JSON', async () => {
    const plain = await post(LARGE);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.bytes.toString('utf8')) as {
      data: { productosConfig: unknown[] };
    };
    expect(json.data.productosConfig).toHaveLength(60);
    expect(plain.bytes.length).toBeGreaterThan(COMPRESSION_THRESHOLD);

    const br = await post(LARGE, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(json);
  });

  it('gzip when only gzip is accepted; identity when nothing is', async () => {
    const plain = JSON.parse((await post(LARGE)).bytes.toString('utf8')) as unknown;
    const gz = await post(LARGE, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.bytes).toString('utf8'))).toEqual(plain);

    const identity = await post(LARGE, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.bytes.toString('utf8'))).toEqual(plain);
  });

  it('a small answer (< 1 KB) goes out as it is', async () => {
    const small = await post(SMALL, 'br, gzip');
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe(String(small.bytes.length));
    expect(
      (JSON.parse(small.bytes.toString('utf8')) as { data: { me: { name: string } } }).data.me.name,
    ).toBeTruthy();
  });

  it('/healthz is not compressed', async () => {
    const response = await fetch(`${server().url}/healthz`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(((await response.json()) as { status: string }).status).toBe('ok');
  });
});

describeEachDatabase(
  'compression and the precompressed static files',
  (server) => {
    const get = (file: string, acceptEncoding: string) =>
      fetch(`${server().url}/assets/${file}`, { headers: { 'accept-encoding': acceptEncoding } });

    it('an asset goes out as its precompressed copy, compressed once', async () => {
      // undici's fetch decodes the body: a double-compressed body would not decode to the file.
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const response = await get('app-123.js', accept);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe(encoding);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(await response.text()).toBe(asset);
      }
      const plain = await get('app-123.js', 'identity');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(asset);
    });

    it('the page shell is not compressed per request', async () => {
      const response = await fetch(`${server().url}/fabrica`, {
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(await response.text()).toBe(shell);
    });
  },
  { webDist },
);
