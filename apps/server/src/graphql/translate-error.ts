/**
 * GraphQL's own validation and coercion messages are English and may leak schema hints
 * ("Did you mean …?"). This turns the common ones into Spanish sentences naming the field, and
 * anything else into a generic Spanish message without suggestions.
 */
export function translateGraphQLMessage(message: string, cause?: string): string {
  const text = message.replace(/\s*Did you mean [^?]*\?/g, '').trim();

  // graphql-jit (compiled queries) words variable errors its own way: 'Expected type Date.' with
  // the scalar's own (Spanish) error as the cause, or 'Expected type Int; <graphql's reason>'.
  const jit = /^Variable "\$([^"]+)" got invalid value .*?; Expected type ([^;.]+)(?:\.|; (.*))$/s.exec(text);
  if (jit) {
    const field = jit[1] ?? '';
    if (jit[3]) return translateReason(jit[3], field);
    if (cause && isSpanish(cause)) return withField(field, cause);
    return `El campo "${field}" no tiene el tipo esperado (${jit[2]})`;
  }

  // Variable coercion: 'Variable "$input" got invalid value … at "input.name"; <reason>'
  const variable = /^Variable "\$([^"]+)" got invalid value .*?(?: at "([^"]+)")?; (.*)$/s.exec(text);
  if (variable) {
    const path = variable[2] ?? variable[1] ?? '';
    return translateReason(variable[3] ?? '', lastSegment(path));
  }
  const nullVariable = /^Variable "\$([^"]+)" of non-null type "[^"]+" must not be null\.$/.exec(text);
  if (nullVariable) return `Falta el campo obligatorio "${nullVariable[1]}"`;

  return translateReason(text, undefined);
}

function translateReason(reason: string, field: string | undefined): string {
  let m: RegExpExecArray | null;
  if ((m = /^Field "(?:[^".]+\.)?([^".]+)" of required type "[^"]+" was not provided\.$/.exec(reason))) {
    return `Falta el campo obligatorio "${m[1]}"`;
  }
  // graphql-jit's wording: 'Field value.fecha of required type Date! was not provided.'
  if ((m = /^Field (?:[\w]+\.)*(\w+) of required type \S+ was not provided\.$/.exec(reason))) {
    return `Falta el campo obligatorio "${m[1]}"`;
  }
  if ((m = /^Field "([^"]+)" is not defined by type "([^"]+)"\.?$/.exec(reason))) {
    return `El campo "${m[1]}" no está permitido en ${m[2]}`;
  }
  if (
    (m = /^Field "[^"]+" argument "([^"]+)" of type "[^"]+" is required, but it was not provided\.$/.exec(
      reason,
    ))
  ) {
    return `Falta el argumento obligatorio "${m[1]}"`;
  }
  if ((m = /^Cannot query field "([^"]+)" on type "([^"]+)"\.$/.exec(reason))) {
    return `El campo "${m[1]}" no existe en el tipo ${m[2]}`;
  }
  if ((m = /^Unknown argument "([^"]+)" on field "([^"]+)"\.$/.exec(reason))) {
    return `El argumento "${m[1]}" no existe en ${m[2]}`;
  }
  if ((m = /^Unknown type "([^"]+)"\.$/.exec(reason))) return `El tipo ${m[1]} no existe`;
  if (/^(String|ID) cannot represent/.test(reason)) return mustBe(field, 'texto');
  if (/^Int cannot represent/.test(reason)) return mustBe(field, 'un número entero');
  if (/^Float cannot represent/.test(reason)) return mustBe(field, 'un número');
  if (/^Boolean cannot represent/.test(reason)) return mustBe(field, 'verdadero o falso');
  // graphql-jit's wording for a null in a required input field: 'Expected non-nullable type Date!
  // not to be null at value.fecha.'
  if ((m = /^Expected non-nullable type \S+ not to be null(?: at (?:\w+\.)*(\w+))?\.?$/.exec(reason))) {
    const campo = m[1] ?? field;
    return campo ? `Falta el campo obligatorio "${campo}"` : 'Falta un valor obligatorio';
  }
  if (/^Expected value of type "[^"]+", found null\.$/.test(reason)) {
    return field ? `Falta el campo obligatorio "${field}"` : 'Falta un valor obligatorio';
  }
  if ((m = /^Expected value of type "([^"]+)", found .*\.$/s.exec(reason))) {
    return field
      ? `El campo "${field}" no tiene el tipo esperado (${m[1]})`
      : `Se esperaba un valor de tipo ${m[1]}`;
  }
  if ((m = /^Expected type "[^"]+"\. (.+)$/s.exec(reason))) return withField(field, m[1] ?? reason);
  if (/^GraphQL introspection (has been )?(is )?(not allowed|disabled)/.test(reason)) {
    return 'La introspección de GraphQL está desactivada';
  }
  if (/^Syntax Error: (La |Demasiad|Consulta)/.test(reason)) return reason.replace(/^Syntax Error: /, '');
  if (/^Syntax Error:/.test(reason)) return 'La consulta GraphQL tiene un error de sintaxis';
  if (/^Must provide query string\.?$/.test(reason)) return 'Falta la consulta GraphQL (query)';
  if (/^Unknown operation named/.test(reason)) return 'La operación indicada no existe en el documento';
  if (/^Must provide operation name/.test(reason))
    return 'El documento tiene varias operaciones: indique operationName';
  if (/^[A-ZÁÉÍÓÚ¡¿][^]*[a-záéíóúñ]/.test(reason) && isSpanish(reason)) return withField(field, reason);
  return 'Consulta GraphQL no válida';
}

function isSpanish(text: string): boolean {
  return /\b(el|la|los|las|de|debe|inválid[oa]|campo|fecha)\b/i.test(text);
}

function mustBe(field: string | undefined, what: string): string {
  return field ? `El campo "${field}" debe ser ${what}` : `Un valor debe ser ${what}`;
}

function withField(field: string | undefined, reason: string): string {
  return field ? `Campo "${field}": ${reason}` : reason;
}

function lastSegment(path: string): string {
  const parts = path.split('.').filter((p) => !/^\d+$/.test(p));
  return parts[parts.length - 1] ?? path;
}
