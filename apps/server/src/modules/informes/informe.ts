import type { Grafico } from './graficos.ts';

/** A column of a report table. */
export interface ColumnaTabla {
  titulo: string;
  /** Share of the table's width (default 1). */
  ancho?: number;
  /** Numbers go right (default 'left' for the first column, 'right' for the others). */
  alinear?: 'left' | 'right';
}

/** A part of a PDF report, laid out top to bottom. */
export type Seccion =
  | { tipo: 'tabla'; titulo: string; nota?: string; columnas: ColumnaTabla[]; filas: string[][] }
  | {
      tipo: 'grafico';
      titulo: string;
      subtitulo?: string;
      /** The screen's builder and its input (built where the PDF is drawn). */
      grafico: Grafico;
      /** Pixel size the chart is laid out at (scaled to the page width). */
      ancho?: number;
      alto?: number;
    }
  | { tipo: 'texto'; texto: string };

/** What a report definition produces for the PDF. */
export interface ContenidoInforme {
  /** The period in words: 'Día de producción: sábado, 21 de noviembre de 2026'. */
  periodo: string;
  secciones: Seccion[];
}

/** The header block of every report. */
export interface EncabezadoInforme {
  titulo: string;
  planta: string;
  periodo: string;
  generadoPor: string;
  /** A scheduled report: who last saved the schedule (the identity it is made with). */
  programadoPor?: string;
  /** 'DD/MM/AAAA HH:MM' in plant time. */
  generadoEn: string;
  zonaHoraria: string;
}
