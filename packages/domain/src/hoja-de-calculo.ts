/**
 * Text that a spreadsheet would run as a formula (= + - @, or a leading tab/CR that some programs
 * strip first) gets a leading apostrophe (OWASP "CSV injection"). Every file the app writes for a
 * spreadsheet goes through it: the server's exports and the web's CSV of a configuration list.
 */
export function escaparTexto(texto: string): string {
  return /^[=+\-@\t\r]/.test(texto) ? `'${texto}` : texto;
}
