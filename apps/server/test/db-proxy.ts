import net from 'node:net';

/** A TCP proxy in front of PostgreSQL that the test can cut and restore (a database outage). */
export function dbProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const listen = (port: number) =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  return {
    listen,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server?.close(() => resolve());
      }),
  };
}
