import { MenuItem, TextField } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';

export interface SelectorProps<T extends string | number> {
  label: string;
  value: T;
  /** The choices, in the order shown: value and text ('' for "all" when the list has one). */
  opciones: readonly (readonly [value: T, text: string | number])[];
  onChange: (value: T) => void;
  /** The select's accessible name (else its label and its choice), e.g. 'Filtrar por línea'. */
  nombre?: string;
  /** The empty choice's text shows in the field, with the label above it ('Todos'). */
  vacioVisible?: boolean;
  sx?: SxProps<Theme>;
}

/** A small select filtering a configuration list (a year, a month, a line, a state…). */
export function Selector<T extends string | number>({
  label,
  value,
  opciones,
  onChange,
  nombre,
  vacioVisible = false,
  sx,
}: SelectorProps<T>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange((typeof value === 'number' ? Number(e.target.value) : e.target.value) as T)}
      sx={sx}
      slotProps={{
        select: {
          ...(nombre && { SelectDisplayProps: { 'aria-label': nombre } as object }),
          ...(vacioVisible && { displayEmpty: true }),
        },
        ...(vacioVisible && { inputLabel: { shrink: true } }),
      }}
    >
      {opciones.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The year filter ('Año'), latest year first; `nombrado` names it 'Año' alone. */
export function SelectorAnio({
  value,
  anios,
  onChange,
  width = 120,
  nombrado = false,
}: {
  value: number;
  anios: readonly number[];
  onChange: (anio: number) => void;
  width?: number;
  nombrado?: boolean;
}) {
  return (
    <Selector
      label="Año"
      value={value}
      opciones={anios.map((a) => [a, a] as const)}
      onChange={onChange}
      nombre={nombrado ? 'Año' : undefined}
      sx={{ width }}
    />
  );
}
