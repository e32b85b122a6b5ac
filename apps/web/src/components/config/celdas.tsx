import { Box, Chip, type ChipProps, Typography } from '@mui/material';
import { type ColumnaConfig, type FilaTabla } from './columnas.tsx';

/** A cell of several lines: the main one and its captions (a phone's compact row, a long error). */
export function CeldaLineas({
  principal,
  secundarias,
}: {
  principal: string;
  secundarias: (string | null)[];
}) {
  return (
    <Box sx={{ py: 0.75, minWidth: 0, whiteSpace: 'normal', lineHeight: 1.35 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {principal}
      </Typography>
      {secundarias
        .filter((s): s is string => Boolean(s))
        .map((s) => (
          <Typography
            key={s}
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {s}
          </Typography>
        ))}
    </Box>
  );
}

/** A long text wrapped in its cell ('—' when empty); `error` shows it in the error colour. */
export function CeldaTexto({ value, error = false }: { value?: string | null; error?: boolean }) {
  return (
    <Box
      sx={{
        py: 0.75,
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
        lineHeight: 1.35,
        color: error && value ? 'error.main' : value ? undefined : 'text.secondary',
      }}
    >
      {value || '—'}
    </Box>
  );
}

type Ancho = { width?: number; minWidth?: number; flex?: number };
type ChipEstilo = Pick<ChipProps, 'color' | 'variant'>;

/**
 * A column whose cell is a small chip: its text (what the column sorts and filters by) and its
 * colour and variant (outlined unless told) from the row.
 */
export function columnaChip<R extends FilaTabla>(
  field: string,
  headerName: string,
  texto: (row: R) => string,
  estilo: (row: R) => ChipEstilo,
  ancho: Ancho,
): ColumnaConfig<R> {
  return {
    field,
    headerName,
    ...ancho,
    valueGetter: (_v, row) => texto(row),
    renderCell: ({ row, value }) => <Chip size="small" label={value} variant="outlined" {...estilo(row)} />,
  };
}

/**
 * The 'Estado' column: a chip, outlined green while the record is active ('Activa'), grey and
 * filled when not ('Inactiva').
 */
export function columnaEstado<R extends FilaTabla>(
  field: string,
  activo: (row: R) => boolean,
  [si, no]: readonly [activo: string, inactivo: string],
  ancho: Ancho,
): ColumnaConfig<R> {
  return columnaChip(
    field,
    'Estado',
    (row) => (activo(row) ? si : no),
    (row) => (activo(row) ? { color: 'success' } : { color: 'default', variant: 'filled' }),
    ancho,
  );
}
