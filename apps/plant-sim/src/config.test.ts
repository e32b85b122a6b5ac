import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSimConfig } from './config.ts';

describe('loadSimConfig', () => {
  it('uses the defaults when nothing is set', () => {
    expect(loadSimConfig({ SIM_PORT: '' })).toEqual({
      port: 4840,
      host: '127.0.0.1',
      extraTags: 0,
      timeZone: 'America/Lima',
      dataDir: path.resolve('./data'),
      testControls: false,
      lineasEnMarcha: [],
    });
  });

  it('reads the variables', () => {
    const config = loadSimConfig({
      SIM_PORT: '0',
      SIM_EXTRA_TAGS: '5000',
      PLANT_TZ: 'Europe/Madrid',
      DATA_DIR: '/tmp/x',
      SIM_TEST_CONTROLS: 'on',
      SIM_LINEAS_EN_MARCHA: '1,2',
    });
    expect(config).toMatchObject({
      port: 0,
      extraTags: 5000,
      timeZone: 'Europe/Madrid',
      dataDir: '/tmp/x',
      testControls: true,
      lineasEnMarcha: [1, 2],
    });
  });

  it.each([
    [
      { SIM_PORT: '70000' },
      'Configuración inválida del simulador: SIM_PORT debe estar entre 0 y 65535 (recibido "70000")',
    ],
    [
      { SIM_EXTRA_TAGS: 'muchos' },
      'Configuración inválida del simulador: SIM_EXTRA_TAGS debe ser un número (recibido "muchos")',
    ],
    [
      { SIM_TEST_CONTROLS: 'yes' },
      'Configuración inválida del simulador: SIM_TEST_CONTROLS debe ser "on" u "off" (recibido "yes")',
    ],
    [
      { SIM_LINEAS_EN_MARCHA: '1 y 2' },
      'Configuración inválida del simulador: SIM_LINEAS_EN_MARCHA debe ser una lista de líneas de 1 a 4 separadas por comas (p. ej. "1,2") (recibido "1 y 2")',
    ],
    [
      { PLANT_TZ: 'Lima' },
      'Configuración inválida del simulador: PLANT_TZ no es una zona horaria IANA válida (recibido "Lima")',
    ],
  ])('rejects %o with one Spanish line', (env, message) => {
    expect(() => loadSimConfig(env)).toThrow(message);
  });
});
