// A real SMTP server for the e-mail tests (smtp-server on a local port, mailparser to read what arrives).
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server: keeps what it receives; `fallar` makes it refuse messages (a 451). */
export async function smtpDePrueba() {
  const recibidos: ParsedMail[] = [];
  const estado = { fallar: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (estado.fallar) {
          const error = new Error('Buzón no disponible por ahora') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            recibidos.push(mail);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    recibidos,
    estado,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
