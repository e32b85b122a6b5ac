import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { formatNumber, formatPercent } from '@planta/charts/format';
import type { ConteoAsistencia, FilaAreaAsistencia } from '../utils/asistencia.ts';

const n = (v: number) => formatNumber(v, 0);
const pct = (v: number | null) => formatPercent(v, 2);

function Celdas({ f }: { f: ConteoAsistencia }) {
  return (
    <>
      <TableCell align="right">{n(f.programados)}</TableCell>
      <TableCell align="right" data-col="presentes">
        {n(f.presentes)}
      </TableCell>
      <TableCell align="right" data-col="faltas">
        {n(f.faltas)}
      </TableCell>
      <TableCell align="right" data-col="vacaciones">
        {n(f.vacaciones)}
      </TableCell>
      <TableCell align="right" data-col="incapacidades">
        {n(f.incapacidades)}
      </TableCell>
      <TableCell align="right" data-col="permisos">
        {n(f.permisos)}
      </TableCell>
      <TableCell align="right" data-col="asistencia">
        {pct(f.asistencia_pct)}
      </TableCell>
      <TableCell align="right" data-col="ausentismo">
        {pct(f.ausentismo_pct)}
      </TableCell>
    </>
  );
}

/**
 * The day by area (presentes, faltas, vacaciones, incapacidad, permiso, asistencia and ausentismo
 * %) and, when several areas are shown, the plant's total row (percentages from the sums). The
 * table scrolls sideways inside its box on a phone, never the page.
 */
export function TablaAreas({
  filas,
  total,
  etiqueta,
}: {
  filas: readonly FilaAreaAsistencia[];
  /** The plant's row; null to leave it out (one area shown). */
  total: ConteoAsistencia | null;
  etiqueta: string;
}) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={etiqueta}
      sx={{ position: 'relative', overflowX: 'auto', '&:focus-visible': { outlineOffset: -2 } }}
    >
      <Table
        size="small"
        aria-label={etiqueta}
        data-testid="tabla-areas"
        sx={{ '& td, & th': { whiteSpace: 'nowrap', px: { xs: 0.75, sm: 1.5 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Área</TableCell>
            <TableCell align="right">Programados</TableCell>
            <TableCell align="right">Presentes</TableCell>
            <TableCell align="right">Faltas</TableCell>
            <TableCell align="right">Vacaciones</TableCell>
            <TableCell align="right">Incapacidad</TableCell>
            <TableCell align="right">Permiso</TableCell>
            <TableCell align="right">Asistencia</TableCell>
            <TableCell align="right">Ausentismo</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {filas.map((f) => (
            <TableRow key={f.area} data-testid="fila-area" data-area={f.area}>
              <TableCell component="th" scope="row">
                {f.area}
              </TableCell>
              <Celdas f={f} />
            </TableRow>
          ))}
          {total && (
            <TableRow
              data-testid="fila-total"
              sx={{
                '& td, & th': { fontWeight: 600, borderTop: '2px solid', borderTopColor: 'text.secondary' },
              }}
            >
              <TableCell component="th" scope="row">
                Total planta
              </TableCell>
              <Celdas f={total} />
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
