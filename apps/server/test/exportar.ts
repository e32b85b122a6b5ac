import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { TestServer } from './harness.ts';

// Helpers of the tests that export: wait for an export over GraphQL, download it with the
// Bearer token, and read it back (exceljs for .xlsx, poppler's pdftotext/pdfinfo for PDF).

export interface ExportacionPrueba {
  id: string;
  nombre: string;
  estado: 'EN_PROCESO' | 'LISTA' | 'ERROR';
  progreso: number;
  filas: number;
  bytes: number | null;
  file_url: string;
  error: string | null;
  informe: string;
  formato: string;
}

export const CAMPOS_EXPORTACION = 'id nombre estado progreso filas bytes file_url error informe formato';

/** Polls exportacion(id) until it leaves EN_PROCESO (≤ `plazoMs`, 30 s by default). */
export async function esperarExportacion(
  server: TestServer,
  token: string,
  id: string,
  plazoMs = 30_000,
): Promise<ExportacionPrueba> {
  for (let i = 0; i < plazoMs / 50; i++) {
    const r = await server.gql<{ e: ExportacionPrueba | null }>(
      `query($id: ID!) { e: exportacion(id: $id) { ${CAMPOS_EXPORTACION} } }`,
      { id },
      { token },
    );
    const e = r.data?.e;
    if (e && e.estado !== 'EN_PROCESO') return e;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`la exportación ${id} no terminó`);
}

/** Downloads a finished export (its bytes; throws on a non-200 answer). */
export async function descargarExportacion(
  server: TestServer,
  token: string,
  fileUrl: string,
): Promise<Buffer> {
  const res = await fetch(`${server.url}${fileUrl}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`descarga ${fileUrl}: ${res.status} ${bytes.toString('utf8')}`);
  return bytes;
}

export async function leerXlsx(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  return book;
}

/** The data rows of a sheet written by the exports (header on row 7), as arrays of cell values. */
export function filasHoja(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 7) out.push((row.values as unknown[]).slice(1));
  });
  return out;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'exportar-'));
let n = 0;
let ultimo = '';
/** The file leerPdf wrote last (to render it with pdftoppm and look at it). */
export const ultimoPdf = () => ultimo;

/** The PDF's text (pdftotext -layout) and its page count (pdfinfo). */
export function leerPdf(bytes: Buffer): { texto: string; paginas: number } {
  const file = path.join(tmp, `r${++n}.pdf`);
  writeFileSync(file, bytes);
  ultimo = file;
  const texto = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const paginas = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  return { texto, paginas };
}

/** Spaces collapsed: table cells and wrapped lines compare as plain text. */
export const plano = (s: string) => s.replace(/\s+/g, ' ');
