import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatFechaLarga, formatNumber } from '@planta/charts/format';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { usePtaDia } from '../api/pta.ts';
import { type EstadoLimite, sinUnidad, textoLimite } from '../utils/pta.ts';
import { EstadoLimiteChip, numeroSx, Seccion } from './pta-comunes.tsx';

interface FilaCumplimiento {
  clave: string;
  parametro: string;
  valor: number | null;
  decimales: number;
  unidad: string;
  limite: string;
  estado: EstadoLimite;
  remocion: boolean;
}

const celdaNumero = { ...numeroSx, textAlign: 'right' } as const;

/** One row of the compliance table; the unit is its own column, joined to the value on phones. */
function Fila({ f }: { f: FilaCumplimiento }) {
  const fuera = f.estado === 'NO_CUMPLE';
  return (
    <TableRow
      data-testid="fila-cumplimiento"
      data-parametro={f.clave}
      data-estado={f.estado}
      data-valor={f.valor ?? ''}
      sx={fuera ? { bgcolor: 'rgba(248, 81, 73, 0.08)' } : undefined}
    >
      <TableCell
        component="th"
        scope="row"
        sx={{ fontWeight: fuera ? 600 : undefined, px: { xs: 1, sm: 2 } }}
      >
        {f.parametro}
        {/* Phones: the limit under the name (its column is hidden). */}
        <Typography
          variant="caption"
          color="text.secondary"
          component="span"
          sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 400 }}
        >
          Límite {f.limite}
        </Typography>
      </TableCell>
      <TableCell data-testid="celda-valor" sx={{ ...celdaNumero, px: { xs: 1, sm: 2 } }}>
        {formatNumber(f.valor, f.decimales)}
        <Box component="span" sx={{ display: { xs: f.valor === null ? 'none' : 'inline', sm: 'none' } }}>
          {` ${f.unidad}`}
        </Box>
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{f.unidad}</TableCell>
      <TableCell sx={{ ...numeroSx, display: { xs: 'none', sm: 'table-cell' } }}>{f.limite}</TableCell>
      <TableCell sx={{ px: { xs: 1, sm: 2 } }}>
        <EstadoLimiteChip estado={f.estado} formal />
      </TableCell>
    </TableRow>
  );
}

/**
 * Resumen ~ PTA: the chosen day's effluent against its limits as a compliance table an
 * environmental officer can hand to an inspector (parameter, value, unit, limit, Cumple/No cumple)
 * with each pollutant's removal efficiency.
 */
export function PtaResumenPage() {
  const dia = useProductionDate();
  const { fecha, isToday } = dia;
  const diaQ = usePtaDia(fecha, isToday ? 60_000 : undefined);

  const error = <LoadError>No se pudo obtener el resumen de la PTA.</LoadError>;
  if (!fecha) return dia.isError ? error : <Loading />;

  const d = diaQ.data;
  const cargandoDia = diaQ.isLoading || diaQ.isPlaceholderData;
  const filas: FilaCumplimiento[] = d
    ? [
        ...d.parametros.map((p) => ({
          clave: p.variable.nombre,
          parametro: sinUnidad(p.variable.nombre),
          valor: p.valor,
          decimales: p.variable.decimales,
          unidad: p.variable.unidad,
          limite: textoLimite(p.variable.minimo, p.variable.maximo, p.variable.unidad, p.variable.decimales),
          estado: p.estado,
          remocion: false,
        })),
        ...d.remociones.map((r) => ({
          clave: `remocion-${r.clave}`,
          parametro: `Eficiencia de remoción ${r.nombre}`,
          valor: r.remocion_pct,
          decimales: 1,
          unidad: '%',
          limite: textoLimite(r.minimo, r.maximo, '%', 1),
          estado: r.estado,
          remocion: true,
        })),
      ]
    : [];
  const conLimite = filas.filter((f) => f.estado === 'CUMPLE' || f.estado === 'NO_CUMPLE');
  const cumplen = conLimite.filter((f) => f.estado === 'CUMPLE').length;
  const cabecera = (
    <TableHead>
      <TableRow>
        <TableCell sx={{ px: { xs: 1, sm: 2 } }}>Parámetro</TableCell>
        <TableCell sx={{ textAlign: 'right', px: { xs: 1, sm: 2 } }}>Valor</TableCell>
        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Unidad</TableCell>
        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Límite</TableCell>
        <TableCell sx={{ px: { xs: 1, sm: 2 } }}>Estado</TableCell>
      </TableRow>
    </TableHead>
  );

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <ProductionDayBar {...dia} fecha={fecha} onChange={dia.setFecha} />

      {diaQ.isError && error}

      <Box
        data-testid="pta-estado"
        data-cargando-dia={cargandoDia}
        data-fecha={d && !diaQ.isPlaceholderData ? d.fecha : undefined}
        aria-busy={diaQ.isFetching}
        sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
      >
        <Seccion
          titulo="Cumplimiento de vertimiento"
          subtitulo={`Planta de tratamiento de aguas residuales · ${formatFechaLarga(fecha)}`}
          testId="pta-cumplimiento"
        >
          {d ? (
            <>
              <Alert
                severity={d.con_datos === 0 ? 'info' : cumplen === conLimite.length ? 'success' : 'error'}
                data-testid="pta-dictamen"
                sx={{ mb: 1.5 }}
              >
                {d.con_datos === 0
                  ? 'Sin registros de la PTA este día: no hay valores que evaluar.'
                  : `${cumplen} de ${conLimite.length} parámetros con límite cumplen${
                      conLimite.length - cumplen > 0 ? ` · ${conLimite.length - cumplen} no cumplen` : ''
                    }.`}
              </Alert>
              <Table
                size="small"
                aria-label="Parámetros de la PTA frente a sus límites y eficiencia de remoción"
                data-testid="tabla-cumplimiento"
              >
                {cabecera}
                <TableBody>
                  {filas
                    .filter((f) => !f.remocion)
                    .map((f) => (
                      <Fila key={f.clave} f={f} />
                    ))}
                  <TableRow>
                    <TableCell
                      component="th"
                      scope="rowgroup"
                      colSpan={5}
                      sx={{ pt: 2, fontWeight: 600, px: { xs: 1, sm: 2 } }}
                    >
                      Eficiencia de remoción
                    </TableCell>
                  </TableRow>
                  {filas
                    .filter((f) => f.remocion)
                    .map((f) => (
                      <Fila key={f.clave} f={f} />
                    ))}
                </TableBody>
              </Table>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
                Valores diarios registrados. Límites: mínimo y máximo configurados de cada variable (permiso
                de vertimiento). Remoción = (entrada − salida) / entrada × 100. «—»: sin registro.
              </Typography>
            </>
          ) : (
            !diaQ.isError && <Loading />
          )}
        </Seccion>
      </Box>
    </Box>
  );
}
