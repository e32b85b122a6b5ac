import { IconButton } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

/** A row of a configuration table: any record. */
export type FilaTabla = object;

/** What a cell's renderer is given. */
export interface CeldaParams<R> {
  row: R;
  /** The column's value for the row (its `valueGetter`'s, or the row's field). */
  value: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each column knows its own
  id: string | number;
  field: string;
}

/**
 * A column of a configuration table (`ConfigGrid`). The names are MUI X DataGrid's, which these
 * tables were before (issue 34 item 3): a column written for one reads the same here.
 */
export interface ColumnaConfig<R> {
  field: string;
  headerName?: string;
  /** The heading's tooltip (its `title`). */
  description?: string;
  /** 'number': aligned right, sorted as numbers; 'actions': the row's buttons (`getActions`). */
  type?: 'string' | 'number' | 'actions';
  width?: number;
  minWidth?: number;
  maxWidth?: number;
  flex?: number;
  align?: 'left' | 'right' | 'center';
  /** false: the heading does not sort. */
  sortable?: boolean;
  /** The value the column shows, sorts and searches by (the row's field when absent). */
  valueGetter?: (value: any, row: R) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The value as text (what is shown, searched and exported). */
  valueFormatter?: (value: any, row: R) => ReactNode; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The cell's content (its value still sorts, searches and exports). */
  renderCell?: (params: CeldaParams<R>) => ReactNode;
  /** For type 'actions': the row's buttons (`AccionFila`). */
  getActions?: (params: { row: R; id: string | number }) => ReactElement[];
}

export interface AccionFilaProps {
  icon: ReactElement;
  /** What the button does, with the row's name ('Editar Línea 1'): its accessible name. */
  label: string;
  onClick?: () => void;
  disabled?: boolean;
  /** The tooltip (the label otherwise). */
  title?: string;
}

/** A row's action: an icon button named by its label (what DataGrid's GridActionsCellItem was). */
export function AccionFila({ icon, label, onClick, disabled, title = label }: AccionFilaProps) {
  return (
    <IconButton size="small" aria-label={label} title={title} onClick={onClick} disabled={disabled}>
      {icon}
    </IconButton>
  );
}
