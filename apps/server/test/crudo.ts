import { request } from 'node:http';

/** An answer as it came over the wire: undici's fetch would decode a compressed body. */
export interface Crudo {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/**
 * A GraphQL POST of `cuerpo` (the JSON text) to the server at `url` with this Accept-Encoding (none
 * when undefined), read as raw bytes.
 */
export function graphqlCrudo(
  url: string,
  token: string,
  cuerpo: string,
  acceptEncoding?: string,
): Promise<Crudo> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL('/graphql', url),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(cuerpo);
  });
}
