import {
  Box,
  Card,
  CardContent,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import { MESES, ZERO_WASTE_TARGET } from '@planta/domain';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatNumber, formatPercent } from '@planta/charts/format';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { useZeroWasteDesglose, useZeroWasteMensual, useZeroWasteProyeccion } from '../api/zero-waste.ts';
import {
  aniosDisponibles,
  buildDesgloseOption,
  buildZwlOption,
  type FilaZeroWaste,
  filasDesglose,
  filasZeroWaste,
  leerAnio,
  leerMes,
  totalProyeccion,
  ultimoMesConDatos,
} from '@planta/charts';

const ANIO_PARAM = 'anio';
const MES_PARAM = 'mes';

const kg = (v: number | null) => formatNumber(v, 0);
const pct = (v: number | null) => formatPercent(v, 2);

function Seccion({
  titulo,
  subtitulo,
  testId,
  children,
}: {
  titulo: string;
  subtitulo?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={titulo} data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          {titulo}
        </Typography>
        {subtitulo && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {subtitulo}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** A table that scrolls sideways on its own (never the page) and can be scrolled from the keyboard. */
function TablaDesplazable({
  etiqueta,
  testId,
  children,
}: {
  etiqueta: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={etiqueta}
      // position: the visually hidden words of a cell scrolled out of view stay inside the box
      // (otherwise they are placed against the page and widen it at 360 px).
      sx={{ position: 'relative', overflowX: 'auto', '&:focus-visible': { outlineOffset: -2 } }}
    >
      <Table
        size="small"
        aria-label={etiqueta}
        data-testid={testId}
        sx={{ '& td, & th': { whiteSpace: 'nowrap', px: { xs: 0.75, sm: 2 } } }}
      >
        {children}
      </Table>
    </TableContainer>
  );
}

function CeldaZwl({ fila }: { fila: FilaZeroWaste }) {
  const theme = useTheme();
  const color =
    fila.cumple === null ? undefined : fila.cumple ? theme.palette.success.main : theme.palette.warning.main;
  return (
    <TableCell
      align="right"
      data-testid="celda-zwl"
      sx={{ color, fontWeight: fila.tipo === 'mes' ? 400 : 600 }}
    >
      {pct(fila.zwl)}
      {fila.cumple === false && <span style={visuallyHidden as React.CSSProperties}> (bajo la meta)</span>}
    </TableCell>
  );
}

/**
 * Zero Waste: the year's waste month by month (aprovechable, no aprovechable, ZWL) against the
 * target row 'Meta' (99 %) and the accumulated row 'Acumulado' (ZWL of the year's sums), the
 * breakdown by classification for the year and a chosen month, and the year's projection.
 */
export function ZeroWastePage() {
  const { today, isError: calendarError } = usePlantCalendar();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const anioActual = today ? Number(today.slice(0, 4)) : undefined;
  const anio = anioActual === undefined ? undefined : leerAnio(params.get(ANIO_PARAM), anioActual);

  const mensual = useZeroWasteMensual(anio);
  const ultimo = useMemo(() => (mensual.data ? ultimoMesConDatos(mensual.data) : null), [mensual.data]);
  const mesPedido = leerMes(params.get(MES_PARAM));
  // The chosen month; by default the last one with records (else the current month, or January).
  const mes =
    mesPedido ??
    ultimo ??
    (anio !== undefined && anio === anioActual && today ? Number(today.slice(5, 7)) : 1);
  const desgloseAnio = useZeroWasteDesglose(anio, null);
  const desgloseMes = useZeroWasteDesglose(mensual.data ? anio : undefined, mes);
  const proyeccion = useZeroWasteProyeccion(anio);

  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(name);
          else next.set(name, value);
          if (name === ANIO_PARAM) next.delete(MES_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const filas = useMemo(() => (mensual.data ? filasZeroWaste(mensual.data) : []), [mensual.data]);
  const zwlOption = useMemo(
    () => (mensual.data ? buildZwlOption({ meses: mensual.data, compact }) : null),
    [mensual.data, compact],
  );
  const desglose = useMemo(
    () => filasDesglose(desgloseAnio.data ?? [], desgloseMes.data ?? []),
    [desgloseAnio.data, desgloseMes.data],
  );
  const nombreMes = MESES[mes - 1] ?? '';
  const desgloseOption = useMemo(
    () =>
      desgloseAnio.data && desgloseMes.data
        ? buildDesgloseOption({ filas: desglose, etiquetaMes: nombreMes, compact })
        : null,
    [desglose, desgloseAnio.data, desgloseMes.data, nombreMes, compact],
  );
  const totalProy = useMemo(() => totalProyeccion(proyeccion.data ?? []), [proyeccion.data]);

  const error = <LoadError> No se pudieron obtener los datos de zero waste.</LoadError>;
  if (anio === undefined || anioActual === undefined) return calendarError ? error : <Loading />;

  const acumulado = filas.find((f) => f.tipo === 'acumulado');
  const listo = mensual.data && !mensual.isPlaceholderData ? String(anio) : undefined;
  const algunError = mensual.isError || desgloseAnio.isError || desgloseMes.isError || proyeccion.isError;

  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
    >
      <Paper
        sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}
        data-testid="barra-zero-waste"
      >
        <FormControl size="small" sx={{ minWidth: 110 }}>
          <InputLabel id="zw-anio">Año</InputLabel>
          <Select
            labelId="zw-anio"
            label="Año"
            value={String(anio)}
            data-testid="selector-anio"
            onChange={(e) =>
              setParam(ANIO_PARAM, e.target.value === String(anioActual) ? null : e.target.value)
            }
          >
            {aniosDisponibles(anioActual, anio).map((a) => (
              <MenuItem key={a} value={String(a)}>
                {a}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 140 }}>
          <InputLabel id="zw-mes">Mes del desglose</InputLabel>
          <Select
            labelId="zw-mes"
            label="Mes del desglose"
            value={String(mes)}
            data-testid="selector-mes"
            onChange={(e) => setParam(MES_PARAM, e.target.value)}
          >
            {MESES.map((m, i) => (
              <MenuItem key={m} value={String(i + 1)}>
                {m}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip
            data-testid="resumen-acumulado"
            label={`Acumulado ${anio}: ${pct(acumulado?.zwl ?? null)}`}
            color={
              acumulado?.cumple === true ? 'success' : acumulado?.cumple === false ? 'warning' : 'default'
            }
            variant="outlined"
          />
          <Chip label={`Meta: ${pct(ZERO_WASTE_TARGET)}`} variant="outlined" />
        </Box>
      </Paper>

      {algunError && error}

      <Box
        data-testid="zero-waste"
        data-anio={listo}
        aria-busy={mensual.isFetching}
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
      >
        <Seccion
          titulo={`ZWL mensual ${anio}`}
          subtitulo="Aprovechable ÷ total de residuos × 100 · el acumulado es la razón de las sumas del año"
          testId="seccion-mensual"
        >
          <Chart
            option={zwlOption}
            loading={mensual.isLoading || mensual.isPlaceholderData}
            height={compact ? 240 : 300}
            ariaLabel={`ZWL por mes de ${anio} frente a la meta de ${ZERO_WASTE_TARGET} %`}
            testId="chart-zwl"
          />
          {mensual.isLoading ? (
            <Loading />
          ) : (
            <TablaDesplazable etiqueta={`Residuos por mes de ${anio}`} testId="tabla-zero-waste">
              <TableHead>
                <TableRow>
                  <TableCell>Mes</TableCell>
                  <TableCell align="right">Aprovechable (kg)</TableCell>
                  <TableCell align="right">No aprovechable (kg)</TableCell>
                  <TableCell align="right">Total (kg)</TableCell>
                  <TableCell align="right">ZWL (%)</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {filas.map((f) => (
                  <TableRow
                    key={f.clave}
                    data-testid={`fila-${f.clave}`}
                    sx={
                      f.tipo === 'mes'
                        ? undefined
                        : {
                            '& td, & th': {
                              fontWeight: 600,
                              borderTop: f.tipo === 'acumulado' ? '2px solid' : 0,
                              borderTopColor: 'text.secondary',
                            },
                          }
                    }
                  >
                    <TableCell component="th" scope="row">
                      {f.etiqueta}
                    </TableCell>
                    <TableCell align="right">{kg(f.aprovechable)}</TableCell>
                    <TableCell align="right">{kg(f.noAprovechable)}</TableCell>
                    <TableCell align="right">{kg(f.total)}</TableCell>
                    <CeldaZwl fila={f} />
                  </TableRow>
                ))}
              </TableBody>
            </TablaDesplazable>
          )}
        </Seccion>

        <Seccion
          titulo="Desglose por clasificación"
          subtitulo={`kg y participación en el total · año ${anio} y ${nombreMes.toLowerCase()}`}
          testId="seccion-desglose"
        >
          <Chart
            option={desgloseOption}
            loading={desgloseAnio.isLoading || desgloseMes.isLoading || desgloseMes.isPlaceholderData}
            height={Math.max(compact ? 220 : 260, 60 + desglose.length * (compact ? 34 : 40))}
            ariaLabel={`Participación de cada clasificación en los residuos de ${anio} y de ${nombreMes}`}
            testId="chart-desglose"
          />
          {desglose.length > 0 && (
            <TablaDesplazable
              etiqueta={`Desglose por clasificación de ${anio} y de ${nombreMes}`}
              testId="tabla-desglose"
            >
              <TableHead>
                <TableRow>
                  <TableCell>Clasificación</TableCell>
                  <TableCell align="right">Año (kg)</TableCell>
                  <TableCell align="right">Año (%)</TableCell>
                  <TableCell align="right">{nombreMes} (kg)</TableCell>
                  <TableCell align="right">{nombreMes} (%)</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {desglose.map((d) => (
                  <TableRow key={d.clasificacionId}>
                    <TableCell component="th" scope="row">
                      {d.descripcion}
                      {!d.aprovechable && !/no aprovechable/i.test(d.descripcion) && (
                        <Typography component="span" variant="caption" color="text.secondary">
                          {' '}
                          (no aprovechable)
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">{kg(d.kgAnio)}</TableCell>
                    <TableCell align="right">{pct(d.pctAnio)}</TableCell>
                    <TableCell align="right">{kg(d.kgMes)}</TableCell>
                    <TableCell align="right">{pct(d.pctMes)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </TablaDesplazable>
          )}
        </Seccion>

        <Seccion
          titulo={`Proyección ${anio}`}
          subtitulo="kg proyectados por clasificación"
          testId="seccion-proyeccion"
        >
          {proyeccion.isLoading ? (
            <Loading />
          ) : (proyeccion.data ?? []).length === 0 ? (
            <Typography color="text.secondary">Sin proyección registrada para {anio}.</Typography>
          ) : (
            <TablaDesplazable etiqueta={`Proyección de ${anio} por clasificación`} testId="tabla-proyeccion">
              <TableHead>
                <TableRow>
                  <TableCell>Clasificación</TableCell>
                  <TableCell align="right">Aprovechables (kg)</TableCell>
                  <TableCell align="right">No aprovechables (kg)</TableCell>
                  <TableCell align="right">Zero waste (%)</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(proyeccion.data ?? []).map((p) => (
                  <TableRow key={p.id}>
                    <TableCell component="th" scope="row">
                      {p.clasificacion.descripcion}
                    </TableCell>
                    <TableCell align="right">{kg(p.aprovechables)}</TableCell>
                    <TableCell align="right">{kg(p.no_aprovechables)}</TableCell>
                    <TableCell align="right">{pct(p.zero_waste)}</TableCell>
                  </TableRow>
                ))}
                <TableRow data-testid="fila-proyeccion-total" sx={{ '& td, & th': { fontWeight: 600 } }}>
                  <TableCell component="th" scope="row">
                    Total
                  </TableCell>
                  <TableCell align="right">{kg(totalProy.aprovechables)}</TableCell>
                  <TableCell align="right">{kg(totalProy.noAprovechables)}</TableCell>
                  <TableCell align="right">{pct(totalProy.zeroWaste)}</TableCell>
                </TableRow>
              </TableBody>
            </TablaDesplazable>
          )}
        </Seccion>
      </Box>
    </Box>
  );
}
