import Autocomplete from '@mui/material/Autocomplete';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useCambiarParams } from '../../../lib/use-url-params.ts';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatNumber } from '@planta/charts/format';
import { ExportButton } from '../../../components/export/export-button.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { RangoFechas } from '../../../components/dates/rango-fechas.tsx';
import { fechaCorta, fechaHora, horaCorta } from '@planta/charts/reporte-contadores/etiquetas';
import {
  exportarReporteScada,
  useReporteScada,
  useVariablesScada,
  type VariableScada,
} from '../api/reporte-scada.ts';
import {
  diasDe,
  instantes,
  INTERVALOS,
  type IntervaloScada,
  intervalosValidos,
  leerFiltros,
  MAX_VARIABLES,
  moverRango,
} from '@planta/charts/reporte-scada/filtros';
import { buildScadaOption } from '@planta/charts';
import { Paginacion } from '../../../components/table/paginacion.tsx';
import { useVariablesRecordadas } from '../hooks/use-variables-recordadas.ts';

/** Rows of the table per page (the DOM stays small whatever the range). */
export const FILAS_POR_PAGINA = 50;
const REFRESCO_HOY_MS = 60_000;

const NINGUNA: readonly string[] = [];
const AGREGACION: Record<string, string> = { SUMA: 'suma', PROMEDIO: 'promedio', ULTIMO: 'último' };

/** The current time, renewed every minute while `vivo` (the range reaches the day in progress). */
function useAhora(vivo: boolean): number {
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    if (!vivo) return;
    const t = setInterval(() => setAhora(Date.now()), REFRESCO_HOY_MS);
    return () => clearInterval(t);
  }, [vivo]);
  return ahora;
}

/**
 * Reporte de Variables SCADA: the chosen OPC-fed variables per minute, 15 minutes, hour or
 * production day, each with its own aggregation (sum, mean, last), as a table with the range's
 * summary row and a chart; filters kept in the URL.
 */
export function ReporteScadaPage() {
  const { today, firstDay, timeZone, isError: calendarioError } = usePlantCalendar();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [params] = useSearchParams();
  const filtros = useMemo(() => (today ? leerFiltros(params, today) : undefined), [params, today]);
  const catalogo = useVariablesScada();
  const [pagina, setPagina] = useState(0);
  const vivo = filtros !== undefined && filtros.hasta === today;
  const ahora = useAhora(vivo);
  const rango = useMemo(
    () =>
      filtros && timeZone
        ? instantes(filtros.desde, filtros.hasta, timeZone, vivo ? ahora : Number.POSITIVE_INFINITY)
        : undefined,
    [filtros, timeZone, vivo, ahora],
  );
  const reporte = useReporteScada(
    filtros?.variables ?? [],
    rango?.inicio,
    rango?.fin,
    filtros?.intervalo ?? 'HORA',
  );

  const cambiarParams = useCambiarParams();
  const actualizar = useCallback(
    (cambios: Record<string, string | null>) => {
      setPagina(0);
      cambiarParams(cambios);
    },
    [cambiarParams],
  );

  // Opens with this user's last variables (the first line's the first time), not empty.
  const { pathname } = useLocation();
  const elegirVariables = useCallback(
    (ids: string[]) => {
      // The catalogue may answer as the user is already leaving: the address is not ours to change.
      if (window.location.pathname === pathname) cambiarParams({ variables: ids.join(',') });
    },
    [cambiarParams, pathname],
  );
  useVariablesRecordadas(filtros ? catalogo.data : undefined, filtros?.variables ?? NINGUNA, elegirVariables);

  const datos = filtros && filtros.variables.length > 0 ? reporte.data : undefined;
  const etiquetas = useMemo(() => {
    if (!datos || !timeZone) return [];
    const unDia = filtros?.desde === filtros?.hasta;
    return datos.filas.map((f) =>
      datos.intervalo === 'DIA'
        ? horaCorta(f.inicio, timeZone, true).slice(0, 5)
        : horaCorta(f.inicio, timeZone, !unDia),
    );
  }, [datos, timeZone, filtros?.desde, filtros?.hasta]);
  const option = useMemo(
    () =>
      datos ? buildScadaOption({ columnas: datos.columnas, filas: datos.filas, etiquetas, compact }) : null,
    [datos, etiquetas, compact],
  );

  if (!filtros || !timeZone) {
    return calendarioError ? (
      <LoadError>No se pudo obtener el calendario de la planta.</LoadError>
    ) : (
      <Loading />
    );
  }

  const porId = new Map((catalogo.data ?? []).map((v) => [v.id, v]));
  const elegidas = filtros.variables.map((id) => porId.get(id)).filter((v): v is VariableScada => !!v);
  const nDias = diasDe(filtros.desde, filtros.hasta);
  const validos = intervalosValidos(nDias, filtros.variables.length);
  const textoRango =
    filtros.desde === filtros.hasta
      ? fechaCorta(filtros.desde)
      : `${fechaCorta(filtros.desde)} – ${fechaCorta(filtros.hasta)}`;
  const etiquetaIntervalo = INTERVALOS.find((i) => i.valor === filtros.intervalo)!.etiqueta;
  const filasPagina = datos?.filas.slice(pagina * FILAS_POR_PAGINA, (pagina + 1) * FILAS_POR_PAGINA) ?? [];
  const etiquetaFila = (inicio: string) =>
    datos?.intervalo === 'DIA' ? fechaHora(inicio, timeZone).slice(0, 10) : fechaHora(inicio, timeZone);

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
              const r = moverRango(filtros, cambio);
              actualizar({ desde: r.desde, hasta: r.hasta });
            }}
          />
          <FormControl size="small" sx={{ minWidth: 140 }}>
            <InputLabel id="scada-intervalo">Intervalo</InputLabel>
            <Select
              labelId="scada-intervalo"
              label="Intervalo"
              value={filtros.intervalo}
              data-testid="selector-intervalo"
              onChange={(e) => actualizar({ intervalo: e.target.value as IntervaloScada })}
            >
              {INTERVALOS.map((i) => (
                <MenuItem key={i.valor} value={i.valor} disabled={!validos.includes(i.valor)}>
                  {i.etiqueta}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Autocomplete
            multiple
            size="small"
            options={catalogo.data ?? []}
            loading={catalogo.isLoading}
            loadingText="Cargando..."
            noOptionsText="Ninguna variable coincide"
            value={elegidas}
            groupBy={(v) => v.area}
            getOptionLabel={(v) => `${v.nombre}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionDisabled={(v) =>
              elegidas.length >= MAX_VARIABLES && !elegidas.some((e) => e.id === v.id)
            }
            filterSelectedOptions
            limitTags={compact ? 1 : 3}
            getLimitTagsText={(n) => `+${n}`}
            onChange={(_e, v) =>
              actualizar({ variables: v.length > 0 ? v.map((x) => x.id).join(',') : null })
            }
            renderValue={(value, getItemProps) =>
              value.map((v, index) => {
                const { key, ...props } = getItemProps({ index });
                return <Chip key={key} size="small" label={v.nombre} {...props} />;
              })
            }
            renderInput={(p) => (
              <TextField
                {...p}
                label="Variables"
                placeholder={elegidas.length === 0 ? 'Buscar variables…' : undefined}
                helperText={`Hasta ${MAX_VARIABLES} variables leídas por OPC`}
              />
            )}
            sx={{ flex: '1 1 280px', minWidth: 0, maxWidth: '100%' }}
            data-testid="selector-variables"
          />
          <Box sx={{ alignSelf: 'center' }}>
            <ExportButton
              iniciar={(formato) =>
                exportarReporteScada(
                  {
                    variables: filtros.variables,
                    desde: rango!.inicio,
                    hasta: rango!.fin,
                    intervalo: filtros.intervalo,
                  },
                  formato,
                )
              }
              disabled={!datos || !rango}
            />
          </Box>
        </CardContent>
      </Card>

      {filtros.aviso && <Alert severity="info">{filtros.aviso}</Alert>}
      {catalogo.isError && <LoadError>No se pudo obtener la lista de variables.</LoadError>}
      {reporte.isError && filtros.variables.length > 0 && (
        <LoadError>
          {reporte.error instanceof Error && reporte.error.message
            ? reporte.error.message
            : 'No se pudo obtener el reporte de variables.'}
        </LoadError>
      )}

      {filtros.variables.length === 0 && catalogo.isPending ? (
        // The variables it opens with are chosen once the list is known (useVariablesRecordadas):
        // until then, not the "choose some" prompt.
        <Alert severity="info" data-testid="cargando-variables">
          Cargando las variables…
        </Alert>
      ) : filtros.variables.length === 0 ? (
        <Alert severity="info" data-testid="sin-variables">
          Elija una o más variables para ver sus lecturas.
        </Alert>
      ) : (
        <Box
          data-testid="reporte-scada"
          data-desde={datos && !reporte.isPlaceholderData ? filtros.desde : undefined}
          data-hasta={datos && !reporte.isPlaceholderData ? filtros.hasta : undefined}
          data-intervalo={datos && !reporte.isPlaceholderData ? datos.intervalo : undefined}
          data-variables={
            datos && !reporte.isPlaceholderData ? datos.columnas.map((c) => c.id).join(',') : undefined
          }
          aria-busy={reporte.isFetching}
          sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
        >
          <Card component="section" aria-label="Gráfico de variables" sx={{ minWidth: 0 }}>
            <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
              <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
                Lecturas por intervalo de {etiquetaIntervalo}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {textoRango} · cada variable con su agregación
              </Typography>
              <Chart
                option={option}
                loading={reporte.isLoading || reporte.isPlaceholderData}
                height={compact ? 260 : 340}
                ariaLabel={`Variables SCADA por intervalo de ${etiquetaIntervalo}, ${textoRango}`}
                testId="chart-scada"
              />
            </CardContent>
          </Card>

          <Card component="section" aria-label="Tabla de variables" sx={{ minWidth: 0 }}>
            <CardContent sx={{ p: { xs: 1, sm: 2 }, '&:last-child': { pb: { xs: 1, sm: 2 } } }}>
              {reporte.isLoading ? (
                <Loading />
              ) : datos ? (
                <>
                  {!datos.filas.some((f) => f.valores.some((v) => v !== null)) && (
                    <Typography color="text.secondary" sx={{ p: 1 }} data-testid="sin-datos">
                      No hay lecturas de las variables elegidas en el rango {textoRango}.
                    </Typography>
                  )}
                  <TableContainer
                    tabIndex={0}
                    role="region"
                    aria-label="Lecturas por intervalo (desplazable)"
                    sx={{ maxWidth: '100%', overflowX: 'auto' }}
                  >
                    <Table size="small" data-testid="tabla-scada">
                      <TableHead>
                        <TableRow>
                          <TableCell>Fecha y hora</TableCell>
                          {datos.columnas.map((c) => (
                            <TableCell key={c.id} align="right" sx={{ minWidth: 110 }}>
                              {c.nombre}
                              <Typography
                                component="span"
                                variant="caption"
                                color="text.secondary"
                                sx={{ display: 'block' }}
                              >
                                {c.unidad} · {AGREGACION[c.agregacion] ?? c.agregacion}
                              </Typography>
                            </TableCell>
                          ))}
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {filasPagina.map((f) => (
                          <TableRow key={f.inicio} data-testid="fila-scada" hover>
                            <TableCell sx={{ whiteSpace: 'nowrap' }}>{etiquetaFila(f.inicio)}</TableCell>
                            {datos.columnas.map((c, k) => (
                              <TableCell key={c.id} align="right" sx={{ whiteSpace: 'nowrap' }}>
                                {f.valores[k] == null ? '—' : formatNumber(f.valores[k], c.decimales)}
                              </TableCell>
                            ))}
                          </TableRow>
                        ))}
                      </TableBody>
                      <TableFooter>
                        <TableRow
                          data-testid="fila-resumen"
                          sx={{ '& td': { fontWeight: 600, color: 'text.primary' } }}
                        >
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>Rango completo</TableCell>
                          {datos.columnas.map((c, k) => (
                            <TableCell key={c.id} align="right" sx={{ whiteSpace: 'nowrap' }}>
                              {datos.resumen[k] == null ? '—' : formatNumber(datos.resumen[k], c.decimales)}
                            </TableCell>
                          ))}
                        </TableRow>
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
      )}
    </Box>
  );
}
