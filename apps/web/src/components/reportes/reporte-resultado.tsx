import {
  Alert,
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Chart } from '../charts/chart.tsx';
import { formatFecha, formatNumber } from '@planta/charts/format';
import { LoadError } from '../feedback/load-error.tsx';
import { Paginacion } from '../table/paginacion.tsx';
import type { ConsultaReporte } from './consulta-reporte.ts';
import { etiquetaIntervalo, type FiltrosReporte } from '@planta/charts/reporte-aire/rango-reporte';
import {
  buildReporteOption,
  ETIQUETA_RESUMEN,
  FILAS_POR_PAGINA,
  type Reporte,
  encabezado,
  etiquetaEje,
  etiquetaFila,
  paginaDe,
  resumenes,
} from '@planta/charts';

export interface ReporteResultadoProps {
  /** What is reported, for the chart's title and the screen reader ('Aire comprimido'). */
  titulo: string;
  query: UseQueryResult<Reporte>;
  consulta: ConsultaReporte;
  filtros: FiltrosReporte;
  timeZone: string;
  /** Shown instead of the request (e.g. no water variable chosen). */
  aviso?: string | null;
}

/**
 * A report's chart and table for the filters chosen: loading, error (the server's Spanish reason)
 * and empty states; the table pages its rows (never the whole range in the DOM) and totals each
 * column over the whole range as its variable aggregates.
 */
export function ReporteResultado({
  titulo,
  query,
  consulta,
  filtros,
  timeZone,
  aviso,
}: ReporteResultadoProps) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const reporte = aviso ? undefined : query.data;
  const listo = !aviso && query.isSuccess && !query.isPlaceholderData;
  const periodo = `${formatFecha(filtros.desde)} – ${formatFecha(filtros.hasta)} · ${etiquetaIntervalo(
    filtros.intervalo,
  )}`;

  const { option, titulos } = useMemo(() => {
    if (!reporte) return { option: null, titulos: [] as string[] };
    const min = reporte.intervalo_minutos;
    const titulos = reporte.filas.map((f) => etiquetaFila(f.fecha, min, timeZone));
    const etiquetas = reporte.filas.map((f) => etiquetaEje(f.fecha, min, timeZone, filtros.dias > 1));
    return { option: buildReporteOption({ reporte, etiquetas, titulos, compact }), titulos };
  }, [reporte, timeZone, filtros.dias, compact]);

  return (
    <Box
      data-testid="reporte"
      data-consulta={listo ? `${consulta.inicio}|${consulta.fin}|${consulta.intervalo}` : undefined}
      data-filas={listo ? reporte?.filas.length : undefined}
      aria-busy={query.isFetching}
      sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
    >
      {aviso && <Alert severity="info">{aviso}</Alert>}
      {!aviso && query.isError && (
        <LoadError>
          No se pudo obtener el reporte{query.error?.message ? `: ${query.error.message}` : '.'}
        </LoadError>
      )}
      <Card component="section" aria-label={`Gráfico: ${titulo}`} sx={{ minWidth: 0 }}>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
            {titulo}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="periodo-reporte">
            {periodo}
          </Typography>
          <Chart
            option={option}
            loading={!aviso && (query.isLoading || query.isPlaceholderData)}
            height={compact ? 260 : 340}
            ariaLabel={`${titulo} por intervalo, ${periodo}`}
            testId="chart-reporte"
          />
        </CardContent>
      </Card>
      <Card component="section" aria-label={`Tabla: ${titulo}`} sx={{ minWidth: 0 }}>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1, sm: 1 } } }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
            Datos por intervalo
          </Typography>
          {reporte ? (
            <TablaReporte
              key={`${consulta.inicio}|${consulta.fin}|${consulta.intervalo}`}
              reporte={reporte}
              titulos={titulos}
            />
          ) : (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {aviso ? 'Sin datos' : query.isError ? 'Sin datos' : 'Cargando…'}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

function TablaReporte({ reporte, titulos }: { reporte: Reporte; titulos: readonly string[] }) {
  const [pagina, setPagina] = useState(0);
  const [porPagina, setPorPagina] = useState<number>(FILAS_POR_PAGINA[0]);
  const totales = useMemo(() => resumenes(reporte), [reporte]);
  if (reporte.filas.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }} data-testid="tabla-vacia">
        No hay lecturas en el rango elegido.
      </Typography>
    );
  }
  const vista = paginaDe(reporte.filas, pagina, porPagina);
  const inicio = vista.pagina * porPagina;
  return (
    <>
      <TableContainer
        tabIndex={0}
        aria-label="Datos por intervalo (desplazable)"
        sx={{ overflowX: 'auto', maxWidth: '100%' }}
      >
        <Table size="small" data-testid="tabla-reporte" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Periodo
              </TableCell>
              {reporte.columnas.map((c) => (
                <TableCell key={c.variable} component="th" scope="col" align="right">
                  {encabezado(c)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {vista.filas.map((f, i) => (
              <TableRow key={f.fecha} hover>
                <TableCell component="th" scope="row">
                  {titulos[inicio + i]}
                </TableCell>
                {reporte.columnas.map((c, j) => (
                  <TableCell key={c.variable} align="right">
                    {formatNumber(f.valores[j] ?? null, c.decimales)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow data-testid="fila-resumen">
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, color: 'text.primary' }}>
                Rango completo
              </TableCell>
              {reporte.columnas.map((c, j) => (
                <TableCell key={c.variable} align="right" sx={{ color: 'text.primary' }}>
                  <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {formatNumber(totales[j] ?? null, c.decimales)}
                  </Box>
                  <Box
                    component="span"
                    sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}
                  >
                    {ETIQUETA_RESUMEN[c.agregacion]}
                  </Box>
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
      <Paginacion
        count={reporte.filas.length}
        page={vista.pagina}
        onPageChange={setPagina}
        rowsPerPage={porPagina}
        rowsPerPageOptions={FILAS_POR_PAGINA}
        onRowsPerPageChange={(filas) => {
          setPorPagina(filas);
          setPagina(0);
        }}
        testId="paginacion-reporte"
      />
    </>
  );
}
