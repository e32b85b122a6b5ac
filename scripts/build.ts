// `npm start`'s build step: the web app (scripts/build-web.ts) and the server's bundle
// (scripts/build-server.ts), each only when its sources changed since its last build, so a restart
// with nothing changed goes straight to the server (`node apps/server/dist/main.mjs`).
import { buildServer } from './build-server.ts';
import { buildWeb } from './build-web.ts';

if (await buildServer()) process.stdout.write('Servidor compilado (apps/server/dist).\n');
else process.stdout.write('Servidor al día: se usa la compilación existente.\n');
if (!buildWeb()) process.stdout.write('Aplicación web al día: se sirve la compilación existente.\n');
