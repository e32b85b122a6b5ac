import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, MenuItem, Select, Typography } from '@mui/material';
import { useId } from 'react';

export interface PaginacionProps {
  /** Rows in all. */
  count: number;
  /** The page shown, from 0. */
  page: number;
  rowsPerPage: number;
  /** The page sizes to choose from; with one (or none) there is nothing to choose. */
  rowsPerPageOptions?: readonly number[];
  onPageChange: (page: number) => void;
  onRowsPerPageChange?: (rowsPerPage: number) => void;
  testId?: string;
}

/**
 * A table's pages, as MUI's TablePagination shows them in Spanish ("Filas por página", "1–24 de
 * 96", previous and next), without it: TablePagination brings MUI's Tooltip and Popper.js
 * (≈ 8 KB on the wire) for two arrow buttons, which put the report screens over their budget.
 */
export function Paginacion({
  count,
  page,
  rowsPerPage,
  rowsPerPageOptions = [],
  onPageChange,
  onRowsPerPageChange,
  testId,
}: PaginacionProps) {
  const etiqueta = useId();
  const ultima = Math.max(0, Math.ceil(count / rowsPerPage) - 1);
  const desde = count === 0 ? 0 : page * rowsPerPage + 1;
  const hasta = Math.min(count, (page + 1) * rowsPerPage);
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0.5,
        py: 0.5,
        color: 'text.secondary',
      }}
    >
      {rowsPerPageOptions.length > 1 && onRowsPerPageChange && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" id={etiqueta}>
            Filas por página:
          </Typography>
          <Select
            variant="standard"
            disableUnderline
            value={rowsPerPage}
            onChange={(event) => onRowsPerPageChange(Number(event.target.value))}
            labelId={etiqueta}
            sx={{ fontSize: '0.875rem' }}
          >
            {rowsPerPageOptions.map((opcion) => (
              <MenuItem key={opcion} value={opcion}>
                {opcion}
              </MenuItem>
            ))}
          </Select>
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="body2" aria-live="polite">
          {`${desde}–${hasta} de ${count}`}
        </Typography>
        <IconButton
          aria-label="Ir a la página anterior"
          disabled={page <= 0}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          aria-label="Ir a la página siguiente"
          disabled={page >= ultima}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
