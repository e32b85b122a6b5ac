/** "Importar marcaciones": upload the time clock's export, preview, commit (issue 15). */
export function ImportarRelojButton(_props: { onImportado?: () => void }) {
  return null;
}
