import {
  Alert,
  Box,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
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
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useCambiarParams } from '../../../lib/use-url-params.ts';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatNumber } from '@planta/charts/format';
import { ExportButton } from '../../../components/export/export-button.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import {
  exportarReporteContadores,
  type FilaContadores,
  type TotalContadores,
  useLineasReporte,
  useReporteContadores,
} from '../api/reporte-contadores.ts';
import { buildContadoresOption, CIFRAS, type ClaveCifra, cifraDe } from '@planta/charts';
import { etiquetaEje, etiquetaPeriodo, fechaCorta } from '@planta/charts/reporte-contadores/etiquetas';
import {
  AGRUPACIONES,
  type Agrupacion,
  leerFiltros,
  maxDias,
  moverRango,
} from '@planta/charts/reporte-contadores/filtros';
import { RangoFechas } from '../../../components/dates/rango-fechas.tsx';
import { Paginacion } from '../../../components/table/paginacion.tsx';

/** Rows of the table per page (the DOM stays small whatever the range). */
export const FILAS_POR_PAGINA = 50;
/** The day in progress reloads every minute. */
const REFRESCO_HOY_MS = 60_000;

const valor = (v: number | null | undefined, decimales = 0) => (v == null ? '—' : formatNumber(v, decimales));

function Cifras({ f }: { f: FilaContadores | TotalContadores }) {
  return (
    <>
      {CIFRAS.map((c) => (
        <TableCell key={c.clave} align="right" sx={{ whiteSpace: 'nowrap' }}>
          {valor(f[c.clave], c.decimales)}
        </TableCell>
      ))}
    </>
  );
}

/**
 * Reporte de Contadores: bottles, full bottles, packs, finished product, mean speed, run time
 * and product of each line by hour, shift or production day over a range of production days, with
 * a totals row per line and for every line; a chart of one figure; filters kept in the URL.
 */
export function ReporteContadoresPage() {
  const { today, firstDay, timeZone, isError: calendarioError } = usePlantCalendar();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [params] = useSearchParams();
  const filtros = useMemo(() => (today ? leerFiltros(params, today) : undefined), [params, today]);
  const lineas = useLineasReporte();
  const [pagina, setPagina] = useState(0);
  const refetch = filtros && today && filtros.hasta === today ? REFRESCO_HOY_MS : undefined;
  const reporte = useReporteContadores(
    filtros?.desde,
    filtros?.hasta,
    filtros?.agrupacion ?? 'HORA',
    filtros?.lineas ?? [],
    refetch,
  );
  const cifra = cifraDe(params.get('serie')).clave as ClaveCifra;

  const cambiarParams = useCambiarParams();
  const actualizar = useCallback(
    (cambios: Record<string, string | null>) => {
      setPagina(0);
      cambiarParams(cambios);
    },
    [cambiarParams],
  );

  const datos = reporte.data;
  const agrupacion = datos?.agrupacion ?? filtros?.agrupacion ?? 'HORA';
  const unDia = datos ? datos.desde === datos.hasta : true;
  const option = useMemo(() => {
    if (!datos || !timeZone) return null;
    const porInicio = new Map(datos.filas.map((f) => [f.inicio, f]));
    return buildContadoresOption({
      filas: datos.filas,
      cifra,
      etiqueta: (inicio) => etiquetaEje(porInicio.get(inicio)!, datos.agrupacion, timeZone, unDia),
      compact,
    });
  }, [datos, timeZone, cifra, compact, unDia]);

  if (!filtros || !timeZone) {
    return calendarioError ? (
      <LoadError>No se pudo obtener el calendario de la planta.</LoadError>
    ) : (
      <Loading />
    );
  }

  const max = maxDias(filtros.agrupacion);
  const filasPagina = datos?.filas.slice(pagina * FILAS_POR_PAGINA, (pagina + 1) * FILAS_POR_PAGINA) ?? [];
  const def = cifraDe(cifra);
  const textoRango =
    filtros.desde === filtros.hasta
      ? fechaCorta(filtros.desde)
      : `${fechaCorta(filtros.desde)} – ${fechaCorta(filtros.hasta)}`;
  const nombreAgrupacion = AGRUPACIONES.find((a) => a.valor === agrupacion)!.etiqueta.toLowerCase();

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Card component="section" aria-label="Filtros del reporte">
        <CardContent
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            alignItems: 'flex-start',
            p: { xs: 1.5, sm: 2 },
            '&:last-child': { pb: { xs: 1.5, sm: 2 } },
          }}
        >
          <RangoFechas
            desde={filtros.desde}
            hasta={filtros.hasta}
            hoy={today}
            primerDia={firstDay}
            onChange={(cambio) => {
              const r = moverRango(filtros, cambio, max);
              actualizar({ desde: r.desde, hasta: r.hasta });
            }}
          />
          <FormControl size="small" sx={{ minWidth: 130 }}>
            <InputLabel id="contadores-agrupacion">Agrupar por</InputLabel>
            <Select
              labelId="contadores-agrupacion"
              label="Agrupar por"
              value={filtros.agrupacion}
              data-testid="selector-agrupacion"
              onChange={(e) => {
                const a = e.target.value as Agrupacion;
                const r = moverRango(filtros, { hasta: filtros.hasta }, maxDias(a));
                actualizar({ agrupacion: a, desde: r.desde, hasta: r.hasta });
              }}
            >
              {AGRUPACIONES.map((a) => (
                <MenuItem key={a.valor} value={a.valor}>
                  {a.etiqueta} (hasta {a.maxDias} días)
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 160, maxWidth: '100%' }}>
            <InputLabel id="contadores-lineas" shrink>
              Líneas
            </InputLabel>
            <Select
              labelId="contadores-lineas"
              label="Líneas"
              multiple
              displayEmpty
              notched
              value={filtros.lineas}
              data-testid="selector-lineas"
              renderValue={(sel) =>
                sel.length === 0
                  ? 'Todas'
                  : sel
                      .map((n) => lineas.data?.find((l) => l.numero === n)?.nombre ?? `Línea ${n}`)
                      .join(', ')
              }
              onChange={(e) => {
                const v = e.target.value as unknown as number[];
                actualizar({ lineas: v.length > 0 ? [...v].sort((a, b) => a - b).join(',') : null });
              }}
            >
              {(lineas.data ?? []).map((l) => (
                <MenuItem key={l.numero} value={l.numero}>
                  <Checkbox size="small" checked={filtros.lineas.includes(l.numero)} />
                  <ListItemText primary={l.nombre} />
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Box sx={{ alignSelf: 'center' }}>
            <ExportButton
              iniciar={(formato) => exportarReporteContadores(filtros, formato)}
              disabled={!datos || datos.filas.length === 0}
            />
          </Box>
        </CardContent>
      </Card>

      {filtros.aviso && <Alert severity="info">{filtros.aviso}</Alert>}
      {reporte.isError && (
        <LoadError>
          {reporte.error instanceof Error && reporte.error.message
            ? reporte.error.message
            : 'No se pudo obtener el reporte de contadores.'}
        </LoadError>
      )}

      <Box
        data-testid="reporte-contadores"
        data-desde={datos && !reporte.isPlaceholderData ? datos.desde : undefined}
        data-hasta={datos && !reporte.isPlaceholderData ? datos.hasta : undefined}
        data-agrupacion={datos && !reporte.isPlaceholderData ? datos.agrupacion : undefined}
        data-lineas={filtros.lineas.join(',')}
        aria-busy={reporte.isFetching}
        sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
      >
        <Card component="section" aria-label="Gráfico de contadores" sx={{ minWidth: 0 }}>
          <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
              <Box sx={{ flex: 1, minWidth: 180 }}>
                <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
                  {def.etiqueta} ({def.unidad})
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Por {nombreAgrupacion} y línea · {textoRango}
                </Typography>
              </Box>
              <FormControl size="small" sx={{ minWidth: 170 }}>
                <InputLabel id="contadores-serie">Serie</InputLabel>
                <Select
                  labelId="contadores-serie"
                  label="Serie"
                  value={cifra}
                  data-testid="selector-serie"
                  onChange={(e) =>
                    actualizar({ serie: e.target.value === CIFRAS[0].clave ? null : e.target.value })
                  }
                >
                  {CIFRAS.map((c) => (
                    <MenuItem key={c.clave} value={c.clave}>
                      {c.etiqueta}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            </Box>
            <Chart
              option={option}
              loading={reporte.isLoading || reporte.isPlaceholderData}
              height={compact ? 260 : 320}
              ariaLabel={`${def.etiqueta} por ${nombreAgrupacion} y línea, ${textoRango}`}
              testId="chart-contadores"
            />
          </CardContent>
        </Card>

        <Card component="section" aria-label="Tabla de contadores" sx={{ minWidth: 0 }}>
          <CardContent sx={{ p: { xs: 1, sm: 2 }, '&:last-child': { pb: { xs: 1, sm: 2 } } }}>
            <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', px: 1 }}>
              Contadores por {nombreAgrupacion}
            </Typography>
            {reporte.isLoading ? (
              <Loading />
            ) : datos && datos.filas.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 2 }} data-testid="sin-datos">
                No hay contadores de las líneas elegidas en el rango {textoRango}.
              </Typography>
            ) : datos ? (
              <>
                <TableContainer
                  tabIndex={0}
                  role="region"
                  aria-label="Contadores por línea y periodo (desplazable)"
                  sx={{ maxWidth: '100%', overflowX: 'auto' }}
                >
                  <Table size="small" data-testid="tabla-contadores">
                    <TableHead>
                      <TableRow>
                        <TableCell>Línea</TableCell>
                        <TableCell>Periodo</TableCell>
                        <TableCell>Producto</TableCell>
                        {CIFRAS.map((c) => (
                          <TableCell key={c.clave} align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {c.etiqueta} ({c.unidad})
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {filasPagina.map((f) => (
                        <TableRow key={`${f.linea}-${f.inicio}`} data-testid="fila-contadores" hover>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.linea_nombre}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {etiquetaPeriodo(f, datos.agrupacion, timeZone)}
                          </TableCell>
                          <TableCell sx={{ minWidth: 140 }}>{f.producto ?? '—'}</TableCell>
                          <Cifras f={f} />
                        </TableRow>
                      ))}
                    </TableBody>
                    <TableFooter>
                      {[...datos.totales, datos.total].map((t) => (
                        <TableRow
                          key={t.linea ?? 'total'}
                          data-testid={t.linea === null ? 'fila-total' : 'fila-total-linea'}
                          sx={{ '& td': { fontWeight: 600, color: 'text.primary' } }}
                        >
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {t.linea === null ? 'Total' : `Total ${t.linea_nombre}`}
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{textoRango}</TableCell>
                          <TableCell>{t.producto ?? '—'}</TableCell>
                          <Cifras f={t} />
                        </TableRow>
                      ))}
                    </TableFooter>
                  </Table>
                </TableContainer>
                {datos.filas.length > FILAS_POR_PAGINA && (
                  <Paginacion
                    count={datos.filas.length}
                    page={pagina}
                    rowsPerPage={FILAS_POR_PAGINA}
                    onPageChange={setPagina}
                  />
                )}
              </>
            ) : null}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
