import { beforeAll } from 'vitest';
import { esperarServidor } from './servidores.ts';

// Before every e2e file's own hooks: its server is up (servidores.ts).
beforeAll(esperarServidor, 660_000);
