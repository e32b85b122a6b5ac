import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatNumber } from '@planta/charts/format';
import type { ReactNode } from 'react';
import type { CambioFormato, MotivoPerdida, ParoPrincipal } from '../api/perdidas.ts';
import { colorEstado, estadoParo, etiquetaEstado } from '../utils/clases.ts';
import { fechaHora } from '../utils/fecha-hora.ts';

const num = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const celda = { px: { xs: 0.75, sm: 1.5 } } as const;

/** Who classified a stop when no person did: its PLC fault code, or the demo history. */
const ORIGEN: Record<ParoPrincipal['origen'], string> = { PLC: 'PLC', DEMO: 'Demostración', MANUAL: '—' };

function Vacio({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Typography variant="body2" color="text.secondary" data-testid={testId}>
      {children}
    </Typography>
  );
}

/** A table that scrolls sideways on a phone (focusable, so the keyboard scrolls it too). */
function Contenedor({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={etiqueta}
      sx={{ maxWidth: '100%', overflowX: 'auto' }}
    >
      {children}
    </TableContainer>
  );
}

function Clase({ clase }: { clase: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
      <span
        aria-hidden
        style={{ width: 10, height: 10, borderRadius: 2, background: colorEstado(clase), flexShrink: 0 }}
      />
      {etiquetaEstado(clase)}
    </span>
  );
}

/** Planned stops (CIP, planned maintenance, no orders, breaks) by reason: not losses, shown apart. */
export function TablaPlanificados({ filas, total }: { filas: readonly MotivoPerdida[]; total: number }) {
  if (filas.length === 0) return <Vacio testId="planificados-vacio">No hubo paros planificados.</Vacio>;
  return (
    <Contenedor etiqueta="Tabla de paros planificados">
      <Table size="small" aria-label="Paros planificados" data-testid="tabla-planificados">
        <TableHead>
          <TableRow>
            <TableCell sx={celda}>Motivo</TableCell>
            <TableCell sx={celda}>Categoría</TableCell>
            <TableCell sx={{ ...celda, ...num }}>Paros</TableCell>
            <TableCell sx={{ ...celda, ...num }}>Minutos</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {filas.map((f) => (
            <TableRow key={`${f.categoria ?? ''}/${f.motivo}`}>
              <TableCell sx={celda}>{f.motivo}</TableCell>
              <TableCell sx={celda}>{f.categoria ?? '—'}</TableCell>
              <TableCell sx={{ ...celda, ...num }}>{formatNumber(f.paros)}</TableCell>
              <TableCell sx={{ ...celda, ...num }}>{formatNumber(f.minutos, 1)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ ...celda, fontWeight: 500 }} colSpan={3}>
              Total
            </TableCell>
            <TableCell sx={{ ...celda, ...num, fontWeight: 500 }} data-testid="planificados-total">
              {formatNumber(total, 1)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Contenedor>
  );
}

/** The ten longest stops of the period. */
export function TablaPrincipales({ filas, timeZone }: { filas: readonly ParoPrincipal[]; timeZone: string }) {
  if (filas.length === 0) return <Vacio testId="principales-vacio">No hubo paros en el periodo.</Vacio>;
  return (
    <Contenedor etiqueta="Tabla de paros más largos">
      <Table size="small" aria-label="Paros más largos" data-testid="tabla-principales">
        <TableHead>
          <TableRow>
            <TableCell sx={celda}>Línea</TableCell>
            <TableCell sx={celda}>Inicio</TableCell>
            <TableCell sx={{ ...celda, ...num }}>Minutos</TableCell>
            <TableCell sx={celda}>Clase</TableCell>
            <TableCell sx={celda}>Motivo</TableCell>
            <TableCell sx={celda}>Dado por</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {filas.map((p) => (
            <TableRow key={p.id}>
              <TableCell sx={{ ...celda, whiteSpace: 'nowrap' }}>{p.linea_nombre}</TableCell>
              <TableCell sx={{ ...celda, whiteSpace: 'nowrap' }}>{fechaHora(p.inicio, timeZone)}</TableCell>
              <TableCell sx={{ ...celda, ...num }}>{formatNumber(p.minutos, 1)}</TableCell>
              <TableCell sx={celda}>
                <Clase clase={estadoParo(p)} />
              </TableCell>
              <TableCell sx={{ ...celda, minWidth: 180 }}>
                {p.motivo ? p.motivo.nombre : '—'}
                {p.motivo ? (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {p.motivo.categoria}
                  </Typography>
                ) : null}
                {p.comentario ? (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="div"
                    sx={{ fontStyle: 'italic' }}
                  >
                    {p.comentario}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell sx={{ ...celda, whiteSpace: 'nowrap' }}>
                {p.motivo_por ?? (p.motivo ? ORIGEN[p.origen] : '—')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Contenedor>
  );
}

/** Changeovers by format pair: how many and their minutes. */
export function TablaCambios({ filas }: { filas: readonly CambioFormato[] }) {
  if (filas.length === 0) return <Vacio testId="cambios-vacio">No hubo cambios de formato.</Vacio>;
  return (
    <Contenedor etiqueta="Tabla de cambios de formato">
      <Table size="small" aria-label="Cambios de formato por par de formatos" data-testid="tabla-cambios">
        <TableHead>
          <TableRow>
            <TableCell sx={celda}>Desde</TableCell>
            <TableCell sx={celda}>Hasta</TableCell>
            <TableCell sx={{ ...celda, ...num }}>Cambios</TableCell>
            <TableCell sx={{ ...celda, ...num }}>Minutos</TableCell>
            <TableCell sx={{ ...celda, ...num }}>Promedio</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {filas.map((c) => (
            <TableRow key={`${c.desde}→${c.hasta}`}>
              <TableCell sx={celda}>{c.desde}</TableCell>
              <TableCell sx={celda}>{c.hasta}</TableCell>
              <TableCell sx={{ ...celda, ...num }}>{formatNumber(c.cambios)}</TableCell>
              <TableCell sx={{ ...celda, ...num }}>{formatNumber(c.minutos, 1)}</TableCell>
              <TableCell sx={{ ...celda, ...num }}>
                {formatNumber(c.cambios > 0 ? c.minutos / c.cambios : null, 1)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Contenedor>
  );
}
