import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, saltosDeProxy } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8081,
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      plantTz: 'America/Lima',
      opcuaEndpoint: 'opc.tcp://127.0.0.1:4840',
      simulator: true,
      demoDays: 400,
      graphqlIntrospection: false,
      corsOrigins: [],
      allowViteDevOrigin: false,
      logLevel: 'info',
    });
  });

  it('keeps the simulator’s writable test controls off unless SIMULATOR_TEST_CONTROLS=on', () => {
    expect(loadConfig({}).simulatorTestControls).toBe(false);
    expect(loadConfig({ SIMULATOR_TEST_CONTROLS: 'on' }).simulatorTestControls).toBe(true);
    expect(() => loadConfig({ SIMULATOR_TEST_CONTROLS: 'si' })).toThrow(/SIMULATOR_TEST_CONTROLS/);
  });

  it('keeps no line running against the model unless SIMULATOR_LINEAS_EN_MARCHA names them', () => {
    expect(loadConfig({}).simulatorLineasEnMarcha).toEqual([]);
    expect(loadConfig({ SIMULATOR_LINEAS_EN_MARCHA: '' }).simulatorLineasEnMarcha).toEqual([]);
    expect(loadConfig({ SIMULATOR_LINEAS_EN_MARCHA: '2,1,2' }).simulatorLineasEnMarcha).toEqual([2, 1]);
    for (const bad of ['5', '1;2', 'todas', '1,'])
      expect(() => loadConfig({ SIMULATOR_LINEAS_EN_MARCHA: bad })).toThrow(
        /SIMULATOR_LINEAS_EN_MARCHA debe ser una lista de líneas de 1 a 4/,
      );
  });

  it('collects from the simulator by default, from OPCUA_ENDPOINT when set, and not at all without both', () => {
    expect(loadConfig({ SIMULATOR: 'off' }).opcuaEndpoint).toBeUndefined();
    expect(loadConfig({ SIMULATOR: 'off', OPCUA_ENDPOINT: 'opc.tcp://plc:4840' }).opcuaEndpoint).toBe(
      'opc.tcp://plc:4840',
    );
  });

  it('secures the OPC UA channel outside the simulator: SignAndEncrypt with Basic256Sha256 unless told', () => {
    expect(loadConfig({}).opcuaSecurity).toEqual({ mode: 'None', policy: 'Basic256Sha256' });
    expect(loadConfig({ SIMULATOR: 'off', OPCUA_ENDPOINT: 'opc.tcp://plc:4840' }).opcuaSecurity).toEqual({
      mode: 'SignAndEncrypt',
      policy: 'Basic256Sha256',
    });
    expect(
      loadConfig({
        SIMULATOR: 'off',
        OPCUA_SECURITY_MODE: 'Sign',
        OPCUA_SECURITY_POLICY: 'Aes256_Sha256_RsaPss',
      }).opcuaSecurity,
    ).toEqual({ mode: 'Sign', policy: 'Aes256_Sha256_RsaPss' });
    expect(() => loadConfig({ OPCUA_SECURITY_MODE: 'cifrado' })).toThrow(
      'Configuración inválida: OPCUA_SECURITY_MODE debe ser None, Sign o SignAndEncrypt (recibido "cifrado")',
    );
  });

  it('allows the Vite dev origin only with NODE_ENV=development', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).allowViteDevOrigin).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).allowViteDevOrigin).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'dev' })).toThrow(
      'Configuración inválida: NODE_ENV debe ser development, production o test (recibido "dev")',
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8081);
  });

  it.each([
    [{ PORT: '70000' }, 'Configuración inválida: PORT debe estar entre 0 y 65535 (recibido "70000")'],
    [{ DEMO_DAYS: '-1' }, 'Configuración inválida: DEMO_DAYS debe estar entre 0 y 3650 (recibido "-1")'],
    [{ SIMULATOR: 'si' }, 'Configuración inválida: SIMULATOR debe ser "on" u "off" (recibido "si")'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Configuración inválida: DATABASE_URL debe ser una URL postgres://usuario@servidor:puerto/base',
    ],
    [{ JWT_SECRET: 'corto' }, 'Configuración inválida: JWT_SECRET debe tener al menos 32 caracteres'],
    [{ ADMIN_PASSWORD: '123' }, 'Configuración inválida: ADMIN_PASSWORD debe tener al menos 8 caracteres'],
  ])('rejects %o with one line naming it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('keeps raw minutes forever unless RETENCION_MINUTOS_DIAS says how many days (62 or more)', () => {
    expect(loadConfig({}).retencionMinutosDias).toBeNull();
    expect(loadConfig({ RETENCION_MINUTOS_DIAS: 'off' }).retencionMinutosDias).toBeNull();
    expect(loadConfig({ RETENCION_MINUTOS_DIAS: '730' }).retencionMinutosDias).toBe(730);
    for (const bad of ['30', '-5', 'dos años', '1.5']) {
      expect(() => loadConfig({ RETENCION_MINUTOS_DIAS: bad })).toThrow(
        /^Configuración inválida: RETENCION_MINUTOS_DIAS debe ser un número de días entre 62 y 36500, u off/,
      );
    }
  });

  it('never allows * in CORS_ORIGINS', () => {
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
    for (const bad of [
      'planta.example.com',
      'https://a.example/',
      'https://a.example/app',
      'ftp://a.example',
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: `https://ok.example,${bad}` })).toThrow(
        `Configuración inválida: CORS_ORIGINS debe ser una lista de orígenes separados por comas, como https://planta.example.com (esquema, servidor y puerto opcional; sin ruta ni barra final; nunca *): "${bad}" no lo es`,
      );
    }
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://b.example:8080' }).corsOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
  });
});

describe('TRUST_PROXY (issue 31, item 9)', () => {
  it('off, a hop count (on = 1) or the proxies’ addresses and networks; never “trust every entry”', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('refuses anything else, in Spanish, naming the variable', () => {
    for (const valor of ['true', '0', '11', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '*'])
      expect(() => loadConfig({ TRUST_PROXY: valor }), valor).toThrow(
        /^Configuración inválida: TRUST_PROXY debe ser off, el número de proxies/,
      );
  });

  it('a hop count trusts that many addresses from the socket back, no more', () => {
    const confia = saltosDeProxy(1);
    expect([confia('127.0.0.1', 0), confia('203.0.113.9', 1)]).toEqual([true, false]);
  });
});
