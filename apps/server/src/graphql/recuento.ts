/**
 * The gate's first look at a document: its lexical tokens and its selections counted in one pass
 * over the text, without building tokens or a syntax tree. For a valid document both equal what
 * graphql's parser counts (its `maxTokens` tokens, and fields + fragment spreads + inline fragments,
 * as the gate's `countSelections` does); recuento.test.ts checks that over every document the web app
 * sends. A document over a limit is refused on these counts alone: a burst of large hostile
 * documents (~4 KB, hundreds of repeated fields) cost the server about 1 ms each to parse and
 * collect, more than the rest of their refusal.
 *
 * An invalid document may be counted differently from the parser's view of it; it is refused either
 * way (by a limit here, or by the parser's syntax error).
 */
export interface Recuento {
  tokens: number;
  selections: number;
}

const enum Previo {
  Otro,
  Arroba,
  DosPuntos,
  Puntos,
  PuntosOn,
}

const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isLineEnd = (c: number) => c === 10 || c === 13;

/** Punctuators that are one token each: ! $ & ( ) : = @ [ ] { | }. */
const PUNCTUATOR = new Set([33, 36, 38, 40, 41, 58, 61, 64, 91, 93, 123, 124, 125]);

export function recontar(text: string): Recuento {
  let tokens = 0;
  let selections = 0;
  let braces = 0;
  let parens = 0;
  let previo = Previo.Otro;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 35) {
      // # comment: to the end of the line, not a token.
      while (i < n && !isLineEnd(text.charCodeAt(i))) i++;
      continue;
    }
    if (c === 34) {
      tokens++;
      previo = Previo.Otro;
      if (text.startsWith('"""', i)) {
        i += 3;
        while (i < n && !text.startsWith('"""', i)) i += text.startsWith('\\"""', i) ? 4 : 1;
        i += 3;
      } else {
        i++;
        while (i < n) {
          const d = text.charCodeAt(i);
          if (d === 34 || isLineEnd(d)) break;
          i += d === 92 ? 2 : 1;
        }
        i++;
      }
      continue;
    }
    if (isNameStart(c)) {
      const start = i;
      while (i < n && isNameChar(text.charCodeAt(i))) i++;
      tokens++;
      if (braces > 0 && parens === 0) {
        if (previo === Previo.Puntos) {
          // `... on Type` (an inline fragment) or `...Name` (a spread): counted at the dots.
          previo = i - start === 2 && text.startsWith('on', start) ? Previo.PuntosOn : Previo.Otro;
          continue;
        }
        // A directive's name, the field after an alias, or an inline fragment's type: not one more.
        if (previo === Previo.Otro) selections++;
      }
      previo = Previo.Otro;
      continue;
    }
    if (c === 45 || isDigit(c)) {
      // A number: -?digits(.digits)?([eE][+-]?digits)?
      tokens++;
      previo = Previo.Otro;
      i++;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) === 46 && isDigit(text.charCodeAt(i + 1))) {
        i++;
        while (i < n && isDigit(text.charCodeAt(i))) i++;
      }
      const e = text.charCodeAt(i);
      if (e === 69 || e === 101) {
        const s = text.charCodeAt(i + 1);
        const j = s === 43 || s === 45 ? i + 2 : i + 1;
        if (isDigit(text.charCodeAt(j))) {
          i = j;
          while (i < n && isDigit(text.charCodeAt(i))) i++;
        }
      }
      continue;
    }
    if (c === 46 && text.startsWith('...', i)) {
      tokens++;
      i += 3;
      if (braces > 0 && parens === 0) {
        selections++;
        previo = Previo.Puntos;
      } else previo = Previo.Otro;
      continue;
    }
    if (PUNCTUATOR.has(c)) {
      tokens++;
      if (c === 40) parens++;
      else if (c === 41) parens = Math.max(0, parens - 1);
      else if (parens === 0 && c === 123) braces++;
      else if (parens === 0 && c === 125) braces = Math.max(0, braces - 1);
      if (parens === 0) {
        if (c === 64) previo = Previo.Arroba;
        else if (c === 58) previo = Previo.DosPuntos;
        else if (c !== 41) previo = Previo.Otro;
      }
      i++;
      continue;
    }
    // Whitespace, commas, a byte-order mark, or a character no document may hold.
    i++;
  }
  return { tokens, selections };
}
