import { describe, expect, it } from 'vitest';
import { clasificar, Divisor, leerCabecera, lineaCabecera, RespaldoInvalidoError } from './formato.ts';

const dividir = (texto: string) => {
  const divisor = new Divisor();
  const out = texto.split('\n').flatMap((l) => divisor.linea(l));
  divisor.terminar();
  return out;
};

describe('backup statements', () => {
  it("splits pg_dump's output at the semicolons outside literals and drops comments and psql lines", () => {
    const dump = [
      '--',
      '-- PostgreSQL database dump',
      '\\restrict abc123',
      'SET statement_timeout = 0;',
      'INSERT INTO public.users VALUES',
      "\t(1, 'O''Brien; jefe', 'línea -- no es comentario'),",
      "\t(2, 'dos",
      'líneas;', // a literal spanning lines, with a semicolon inside
      "-- tampoco', NULL);",
      "SELECT pg_catalog.setval('public.users_id_seq', 2, true);",
      '\\unrestrict abc123',
      '',
    ].join('\n');
    expect(dividir(dump)).toEqual([
      'SET statement_timeout = 0;',
      "INSERT INTO public.users VALUES\n\t(1, 'O''Brien; jefe', 'línea -- no es comentario'),\n\t(2, 'dos\nlíneas;\n-- tampoco', NULL);",
      "SELECT pg_catalog.setval('public.users_id_seq', 2, true);",
    ]);
  });

  it('refuses a file that ends inside a statement or a literal', () => {
    expect(() => dividir("INSERT INTO public.users VALUES (1, 'a")).toThrow(RespaldoInvalidoError);
    expect(() => dividir('INSERT INTO public.users VALUES (1)')).toThrow(/a mitad de una instrucción/);
  });

  it('accepts only what a Planta backup holds: data, sequences and session settings', () => {
    expect(clasificar('INSERT INTO public.historicos VALUES (1);').tipo).toBe('datos');
    expect(clasificar('INSERT INTO public."user" (id, name) OVERRIDING SYSTEM VALUE VALUES (1);').tipo).toBe(
      'datos',
    );
    expect(clasificar("SELECT pg_catalog.setval('public.users_id_seq', 7, true);").tipo).toBe('secuencia');
    expect(clasificar('SET transaction_timeout = 0;').tipo).toBe('sesion');
    expect(clasificar("SELECT pg_catalog.set_config('search_path', '', false);").tipo).toBe('sesion');
    for (const ajeno of [
      'DROP TABLE public.users;',
      'COPY public.users (id) FROM stdin;',
      'INSERT INTO otro.users VALUES (1);',
      "SELECT pg_catalog.setval('public.x', 1, true); DROP TABLE users;",
      "SELECT pg_read_file('/etc/passwd');",
      "INSERT INTO public.users SELECT * FROM pg_read_file('/etc/passwd');",
    ]) {
      expect(() => clasificar(ajeno), ajeno).toThrow(/instrucción no esperada/);
    }
  });

  it('reads back the header it writes and refuses others', () => {
    const meta = {
      formato: 1,
      esquema: 7,
      migracion: '0006_reportes_programados',
      creado: '2026-11-27T08:00:00.000Z',
      origen: 'pglite' as const,
      version: '0.1.0',
    };
    expect(leerCabecera(lineaCabecera(meta).trimEnd())).toEqual(meta);
    expect(() => leerCabecera('--\n')).toThrow(/no es un respaldo de Planta/);
    expect(() => leerCabecera('-- Planta respaldo {roto')).toThrow(/dañada/);
    expect(() => leerCabecera('-- Planta respaldo {"formato":2}')).toThrow(/formato de respaldo desconocido/);
  });
});
