import ExcelJS from 'exceljs';
import { COLUMNAS } from './columnas.ts';

/** The example rows of the template (one per kind of day). */
const EJEMPLOS: string[][] = [
  ['E001', 'Ana Ríos', 'Producción', '03/11/2026', '07:00', '17:30', '', '2,5', 'DOBLE', 'Cambio de formato'],
  ['E002', 'Beto Salas', 'Producción', '03/11/2026', '', '', 'F', '', '', ''],
  ['E003', 'Carla Núñez', 'Mantenimiento', '03/11/2026', '', '', 'V', '', '', ''],
];

const CODIGOS: [string, string][] = [
  ['(vacío) o P', 'Presente'],
  ['F', 'Falta'],
  ['V', 'Vacaciones'],
  ['I', 'Incapacidad'],
  ['PE', 'Permiso'],
];

/** CSV template: ';'-separated with a BOM, as Excel in Spanish opens and saves it. */
export function plantillaCsv(): Buffer {
  const linea = (celdas: string[]) =>
    celdas.map((c) => (/[;"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';');
  const texto = [COLUMNAS.map((c) => c.titulo), ...EJEMPLOS].map(linea).join('\r\n') + '\r\n';
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(texto, 'utf8')]);
}

const dia = (ddmmyyyy: string) => {
  const [d, m, y] = ddmmyyyy.split('/').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
};
/** hh:mm → fraction of a day (an Excel time). */
const horaExcel = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h! * 60 + m!) / 1440;
};

/** .xlsx template: the "Marcaciones" sheet to fill and an "Instrucciones" sheet. */
export async function plantillaXlsx(): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  libro.creator = 'Planta';
  const hoja = libro.addWorksheet('Marcaciones');
  hoja.columns = COLUMNAS.map((c) => ({
    header: c.titulo,
    key: c.clave,
    width: Math.max(12, c.titulo.length + 4),
  }));
  hoja.getRow(1).font = { bold: true };
  for (const e of EJEMPLOS) {
    const row = hoja.addRow([
      e[0],
      e[1],
      e[2],
      dia(e[3]!),
      e[4] ? horaExcel(e[4]) : null,
      e[5] ? horaExcel(e[5]) : null,
      e[6],
      e[7] ? Number(e[7].replace(',', '.')) : null,
      e[8],
      e[9],
    ]);
    row.getCell(4).numFmt = 'dd/mm/yyyy';
    row.getCell(5).numFmt = 'hh:mm';
    row.getCell(6).numFmt = 'hh:mm';
    row.getCell(8).numFmt = '0.00';
  }
  hoja.views = [{ state: 'frozen', ySplit: 1 }];

  const ayuda = libro.addWorksheet('Instrucciones');
  ayuda.columns = [
    { header: 'Columna', key: 'columna', width: 22 },
    { header: 'Obligatoria', key: 'obligatoria', width: 12 },
    { header: 'Qué contiene', key: 'descripcion', width: 80 },
    { header: 'Otros encabezados aceptados', key: 'alias', width: 60 },
  ];
  ayuda.getRow(1).font = { bold: true };
  for (const c of COLUMNAS)
    ayuda.addRow({
      columna: c.titulo,
      obligatoria: c.obligatoria ? 'Sí' : 'No',
      descripcion: c.descripcion,
      alias: c.alias.join(', '),
    });
  ayuda.addRow([]);
  ayuda.addRow(['Código de ausencia', 'Significado']).font = { bold: true };
  for (const [codigo, significado] of CODIGOS) ayuda.addRow([codigo, significado]);
  ayuda.addRow([]);
  for (const nota of [
    'La primera fila nombra las columnas (mayúsculas y acentos dan igual). Solo se lee la primera hoja.',
    'Cada fila es un empleado en un día. Para horas DOBLE y TRIPLE el mismo día, use dos filas con la misma asistencia.',
    'Importar el mismo archivo dos veces no cambia nada; un archivo corregido actualiza los días que contiene',
    '(las horas extra de esos días que ya no figuran se eliminan).',
    'Si alguna fila tiene errores no se importa nada: la vista previa indica la fila y la columna de cada error.',
    'Máximo 10 MB y 50.000 filas por archivo. Formatos: .xlsx o CSV (separado por ; o ,).',
  ])
    ayuda.addRow([nota]);
  return Buffer.from(await libro.xlsx.writeBuffer());
}
