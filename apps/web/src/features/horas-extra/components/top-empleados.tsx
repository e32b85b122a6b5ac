import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatNumber } from '@planta/charts/format';
import type { HorasExtraEmpleado } from '../api/horas-extra.ts';

const num = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const celda = { px: { xs: 0.75, sm: 2 }, verticalAlign: 'top' } as const;
const soloAncho = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The employees with the most overtime: hours, doble/triple, days with overtime and their reasons. */
export function TopEmpleados({ filas }: { filas: readonly HorasExtraEmpleado[] }) {
  if (filas.length === 0)
    return (
      <Typography color="text.secondary" data-testid="top-empleados-vacio">
        Ningún empleado tiene horas extra en el periodo.
      </Typography>
    );
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label="Empleados con más horas extra" data-testid="top-empleados">
        <TableHead>
          <TableRow>
            <TableCell sx={celda}>Empleado</TableCell>
            <TableCell sx={{ ...celda, ...num }}>Horas</TableCell>
            <TableCell sx={{ ...celda, ...num, ...soloAncho }}>Dobles / triples</TableCell>
            <TableCell sx={{ ...celda, ...num }}>Días</TableCell>
            <TableCell sx={{ ...celda, ...soloAncho }}>Motivos</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {filas.map((f) => (
            <TableRow key={f.empleado.id}>
              <TableCell sx={celda}>
                <Typography variant="body2">{f.empleado.nombre}</Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {f.empleado.codigo} · {f.empleado.area}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="p"
                  sx={{ display: { xs: 'block', sm: 'none' } }}
                >
                  {formatNumber(f.horas_dobles, 1)} dobles / {formatNumber(f.horas_triples, 1)} triples
                  {f.motivos.length > 0 && ` · ${f.motivos.join(', ')}`}
                </Typography>
              </TableCell>
              <TableCell sx={{ ...celda, ...num }} data-testid="top-empleados-horas">
                {formatNumber(f.horas, 1)}
              </TableCell>
              <TableCell sx={{ ...celda, ...num, ...soloAncho }}>
                {formatNumber(f.horas_dobles, 1)} / {formatNumber(f.horas_triples, 1)}
              </TableCell>
              <TableCell sx={{ ...celda, ...num }}>{f.dias}</TableCell>
              <TableCell sx={{ ...celda, ...soloAncho }}>{f.motivos.join(', ') || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
