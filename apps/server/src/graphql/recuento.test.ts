import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, Lexer, parse, Source, TokenKind, visit } from 'graphql';
import { describe, expect, it } from 'vitest';
import { recontar } from './recuento.ts';

/** Every operation the web app sends (its .graphql files). */
const webDir = fileURLToPath(new URL('../../../web/src', import.meta.url));
const documentosDeLaWeb = readdirSync(webDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.graphql'))
  .map((f) => ({ name: f, text: readFileSync(path.join(webDir, f), 'utf8') }));

/** Documents that walk the corners: comments, strings, aliases, fragments, directives, values. */
const esquinas = [
  '{ a b c }',
  '{ a: lineas { id } b: lineas { planta { id nombre } } }',
  'query Q($d: DateTime = "2026-01-01T00:00:00Z", $o: Filtro = { a: [1, 2.5e-3, -4], b: { c: "}{)(" } }) @x(y: 1) { a(b: $d) @include(if: true) { c } }',
  'query { ...A ... on Query { b } ... @skip(if: false) { c } } fragment A on Query { d { ...B } } fragment B on D { e }',
  '# { a b c }\n{ a # } ) ( {\n b }',
  '{ a(s: "con \\" comillas y { llaves } y (paréntesis) # no es comentario") { b } }',
  '{ a(s: """bloque con \\""" comillas, { llaves }\n y líneas ( """) { b } }',
  'mutation M($i: [In!]!) { guardar(input: $i, o: { on: ON, fragment: null, x: [{ y: true }] }) { on fragment query } }',
  '{ on: a { on } ... on Query { on } }',
  '\uFEFF{ a, b, c, }',
  `{ ${'lineas{planta{id}} '.repeat(280)}} # 7-abc`,
  `{ me { ${'id '.repeat(2500)} } }`,
];

/** The parser's own counts: its lexer's tokens and the selections of its syntax tree. */
function contadoPorElParser(text: string) {
  const document = parse(text, { noLocation: true });
  let selections = 0;
  visit(document, {
    enter(node) {
      if (
        node.kind === Kind.FIELD ||
        node.kind === Kind.FRAGMENT_SPREAD ||
        node.kind === Kind.INLINE_FRAGMENT
      ) {
        selections++;
      }
    },
  });
  // What the parser counts against maxTokens: every token its lexer gives but the end (comments
  // are skipped by the lexer).
  const lexer = new Lexer(new Source(text));
  let tokens = 0;
  while (lexer.advance().kind !== TokenKind.EOF) tokens++;
  return { tokens, selections };
}

describe('recontar: tokens and selections in one pass over the text', () => {
  it('counts what the parser counts, over every document the web app sends', () => {
    expect(documentosDeLaWeb.length).toBeGreaterThan(50);
    for (const { name, text } of documentosDeLaWeb) {
      expect(recontar(text), name).toEqual(contadoPorElParser(text));
    }
  });

  it('counts what the parser counts in the corners of the grammar', () => {
    for (const text of esquinas) expect(recontar(text), text.slice(0, 80)).toEqual(contadoPorElParser(text));
  });

  it('never loops or throws on text that is not a document', () => {
    for (const text of [
      '',
      '"',
      '"""',
      '"\\',
      '{{{{',
      ')))}}}',
      '...',
      '-',
      '1e',
      '{ a(b: "sin cerrar\n) }',
      '\u0000{ a }',
    ]) {
      const { tokens, selections } = recontar(text);
      expect(tokens).toBeGreaterThanOrEqual(0);
      expect(selections).toBeGreaterThanOrEqual(0);
    }
  });
});
