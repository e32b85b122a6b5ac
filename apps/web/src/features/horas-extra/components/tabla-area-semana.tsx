import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatNumber, formatPercent } from '@planta/charts/format';
import type { HorasExtraSemana } from '../api/horas-extra.ts';
import { etiquetaSemana, filasAreaSemana, sobrePresupuesto } from '@planta/charts/rrhh/semanas';

const num = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const celda = { px: { xs: 0.75, sm: 2 } } as const;
const soloAncho = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Overtime by area and ISO week against the area's budget; weeks over budget highlighted. */
export function TablaAreaSemana({ filas }: { filas: readonly HorasExtraSemana[] }) {
  if (filas.length === 0)
    return (
      <Typography color="text.secondary" data-testid="tabla-area-semana-vacia">
        Sin horas extra en el periodo.
      </Typography>
    );
  return (
    // It scrolls inside itself: keyboard users reach it with Tab (WCAG 2.1.1).
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label="Tabla de horas extra por área y semana"
      sx={{ maxWidth: '100%', overflowX: 'auto', maxHeight: 480 }}
    >
      <Table
        size="small"
        stickyHeader
        aria-label="Horas extra por área y semana"
        data-testid="tabla-area-semana"
      >
        <TableHead>
          <TableRow>
            <TableCell sx={celda}>Semana</TableCell>
            <TableCell sx={{ ...celda, ...soloAncho }}>Área</TableCell>
            <TableCell sx={{ ...celda, ...num }}>Horas</TableCell>
            <TableCell sx={{ ...celda, ...num, ...soloAncho }}>Presupuesto (h)</TableCell>
            <TableCell sx={{ ...celda, ...num }}>% presup.</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {filasAreaSemana(filas).map((f) => {
            const sobre = sobrePresupuesto(f);
            return (
              <TableRow
                key={`${f.semana}-${f.area}`}
                data-sobre-presupuesto={sobre}
                sx={sobre ? { bgcolor: 'rgba(255, 121, 97, 0.12)' } : undefined}
              >
                <TableCell sx={{ ...celda, whiteSpace: 'nowrap' }}>
                  {etiquetaSemana(f.semana)}
                  <Box
                    component="span"
                    sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}
                  >
                    {f.area}
                  </Box>
                </TableCell>
                <TableCell sx={{ ...celda, ...soloAncho }}>{f.area}</TableCell>
                <TableCell sx={{ ...celda, ...num }}>{formatNumber(f.horas, 1)}</TableCell>
                <TableCell sx={{ ...celda, ...num, ...soloAncho }}>
                  {f.presupuesto > 0 ? formatNumber(f.presupuesto, 1) : 'Sin presupuesto'}
                </TableCell>
                <TableCell sx={{ ...celda, ...num, color: sobre ? 'error.main' : undefined }}>
                  {formatPercent(f.porcentaje_presupuesto)}
                  {sobre && (
                    <Box
                      component="span"
                      sx={{ display: 'block', fontSize: '0.75rem', whiteSpace: 'normal' }}
                    >
                      Sobre presupuesto
                    </Box>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
