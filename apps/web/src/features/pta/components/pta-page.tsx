import {
  Alert,
  Box,
  Card,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Typography,
  useMediaQuery,
  Skeleton,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatFecha, formatNumber, formatValue } from '@planta/charts/format';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { type ParametroPta, type RemocionPta, usePtaDia, usePtaTendencia } from '../api/pta.ts';
import {
  DIAS_TENDENCIA,
  leerDias,
  rangoTendencia,
  seriesTendencia,
  sinUnidad,
  textoLimite,
} from '../utils/pta.ts';
import { buildTendenciaOption } from '../utils/tendencia-option.ts';
import { EstadoLimiteChip, numeroSx, Seccion } from './pta-comunes.tsx';

/** How often the day in progress reloads. */
const REFRESCO_HOY_MS = 60_000;
const DIAS_PARAM = 'dias';
const SERIE_PARAM = 'serie';

/** A parameter of the day: value and unit, its limits, and the status in words. */
function ParametroCard({ p }: { p: ParametroPta }) {
  const { variable, valor, estado } = p;
  const fuera = estado === 'NO_CUMPLE';
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={sinUnidad(variable.nombre)}
      data-testid="pta-parametro"
      data-nombre={variable.nombre}
      data-estado={estado}
      sx={{
        p: { xs: 1, sm: 1.5 },
        minWidth: 0,
        borderLeft: 4,
        borderLeftColor: fuera ? 'error.main' : estado === 'CUMPLE' ? 'success.main' : 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary" title={variable.nombre}>
        {sinUnidad(variable.nombre)}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, minWidth: 0 }}>
        <Typography
          component="p"
          data-testid="pta-valor"
          sx={{
            ...numeroSx,
            fontSize: { xs: '1.25rem', sm: '1.5rem' },
            fontWeight: 500,
            color: fuera ? 'error.main' : undefined,
          }}
        >
          {formatNumber(valor, variable.decimales)}
        </Typography>
        {valor !== null && (
          <Typography component="span" variant="body2" color="text.secondary" noWrap>
            {variable.unidad}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          Límite {textoLimite(variable.minimo, variable.maximo, variable.unidad, variable.decimales)}
        </Typography>
        <EstadoLimiteChip estado={estado} />
      </Box>
    </Card>
  );
}

/** A pollutant: inlet → outlet, removal against its limit, and the day's loads. */
function RemocionCard({ r }: { r: RemocionPta }) {
  const filas: [string, string][] = [
    ['Entrada', formatValue(r.entrada, r.unidad)],
    ['Salida', formatValue(r.salida, r.unidad)],
    ['Carga afluente', formatValue(r.carga_entrada_kg, 'kg/d')],
    ['Carga vertida', formatValue(r.carga_salida_kg, 'kg/d')],
    ['Carga removida', formatValue(r.carga_removida_kg, 'kg/d')],
  ];
  const fuera = r.estado === 'NO_CUMPLE';
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`Remoción de ${r.nombre}`}
      data-testid="pta-remocion"
      data-clave={r.clave}
      data-estado={r.estado}
      sx={{
        p: 1.5,
        minWidth: 0,
        borderLeft: 4,
        borderLeftColor: fuera ? 'error.main' : r.estado === 'CUMPLE' ? 'success.main' : 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        Remoción de {r.nombre}
      </Typography>
      <Typography
        component="p"
        data-testid="pta-remocion-pct"
        sx={{ ...numeroSx, fontSize: '1.5rem', fontWeight: 500, color: fuera ? 'error.main' : undefined }}
      >
        {formatValue(r.remocion_pct, '%', 1)}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 0.75 }}>
        <Typography variant="caption" color="text.secondary">
          Límite {textoLimite(r.minimo, r.maximo, '%', 1)}
        </Typography>
        <EstadoLimiteChip estado={r.estado} />
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}
      >
        {filas.map(([label, valor]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ ...numeroSx, m: 0, textAlign: 'right' }}>
              {valor}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

/**
 * While the day loads, its sections keep the room their cards will take (the plant's 16 parameters,
 * its 3 pollutants, the summary line), so nothing below them jumps when they arrive (CLS).
 */
const RESERVA_PARAMETROS = 16;
const RESERVA_REMOCIONES = 3;
const reserva = (n: number, alto: number) =>
  Array.from({ length: n }, (_, i) => <Skeleton key={i} variant="rounded" height={alto} />);

const grid = {
  display: 'grid',
  gap: { xs: 1, sm: 1.5 },
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
  },
} as const;

/**
 * PTA: the wastewater plant's day (flows, DQO/DBO₅/SST in and out, pH, temperature, sludge,
 * energy) each against its configured limits, each pollutant's removal and loads, and the trend
 * of any of them (or of a removal or load) over a chosen range.
 */
export function PtaPage() {
  const dia = useProductionDate();
  const { fecha, isToday } = dia;
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const dias = leerDias(params.get(DIAS_PARAM));
  const rango = fecha ? rangoTendencia(fecha, dias) : undefined;
  const refetch = isToday ? REFRESCO_HOY_MS : undefined;
  const diaQ = usePtaDia(fecha, refetch);
  const tendenciaQ = usePtaTendencia(rango?.desde, rango?.hasta, refetch);

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const remocionDqo = diaQ.data?.remociones.find((r) => r.clave === 'DQO');
  const series = useMemo(
    () =>
      tendenciaQ.data
        ? seriesTendencia(tendenciaQ.data.series, {
            minimo: remocionDqo?.minimo ?? null,
            maximo: remocionDqo?.maximo ?? null,
          })
        : [],
    [tendenciaQ.data, remocionDqo?.minimo, remocionDqo?.maximo],
  );
  const claveSerie = params.get(SERIE_PARAM) ?? 'DQO salida (mg/L)';
  const serie = series.find((s) => s.clave === claveSerie) ?? series[0];
  const option = useMemo(
    () =>
      tendenciaQ.data && serie
        ? buildTendenciaOption({ fechas: tendenciaQ.data.fechas, serie, compact })
        : null,
    [tendenciaQ.data, serie, compact],
  );

  const error = <LoadError>No se pudieron obtener los datos de la PTA.</LoadError>;
  if (!fecha) return dia.isError ? error : <Loading />;

  const d = diaQ.data;
  const cargandoDia = diaQ.isLoading || diaQ.isPlaceholderData;
  const cargandoTendencia = tendenciaQ.isLoading || tendenciaQ.isPlaceholderData;
  const fuera = d
    ? [
        ...d.parametros.filter((p) => p.estado === 'NO_CUMPLE').map((p) => sinUnidad(p.variable.nombre)),
        ...d.remociones.filter((r) => r.estado === 'NO_CUMPLE').map((r) => `Remoción ${r.nombre}`),
      ]
    : [];

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <ProductionDayBar {...dia} fecha={fecha} onChange={dia.setFecha} />

      {(diaQ.isError || tendenciaQ.isError) && error}

      <Box
        data-testid="pta-estado"
        data-cargando-dia={cargandoDia}
        data-cargando-tendencia={cargandoTendencia}
        data-fecha={d && !diaQ.isPlaceholderData ? d.fecha : undefined}
        aria-busy={diaQ.isFetching || tendenciaQ.isFetching}
        sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
      >
        {!d || cargandoDia ? (
          !diaQ.isError && <Skeleton variant="rounded" height={48} data-testid="pta-resumen-reserva" />
        ) : (
          <Alert
            severity={d.con_datos === 0 ? 'info' : fuera.length > 0 ? 'error' : 'success'}
            data-testid="pta-resumen-dia"
            data-fuera={d.fuera_de_limite}
          >
            {d.con_datos === 0
              ? `Sin registros de la PTA el ${formatFecha(d.fecha)}.`
              : fuera.length > 0
                ? `${fuera.length === 1 ? '1 valor fuera de límite' : `${fuera.length} valores fuera de límite`}: ${fuera.join(', ')}.`
                : 'Todos los valores con límite configurado están dentro de sus límites.'}
          </Alert>
        )}

        <Seccion
          titulo="Parámetros del día"
          subtitulo="Valor diario de cada parámetro frente a sus límites configurados (mínimo y máximo de la variable)"
          testId="pta-parametros"
        >
          {d ? (
            <Box sx={grid}>
              {d.parametros.map((p) => (
                <ParametroCard key={p.variable.id} p={p} />
              ))}
            </Box>
          ) : (
            !diaQ.isError && <Box sx={grid}>{reserva(RESERVA_PARAMETROS, 133)}</Box>
          )}
        </Seccion>

        <Seccion
          titulo="Remoción y cargas"
          subtitulo="Remoción = (entrada − salida) / entrada × 100 · carga (kg/d) = caudal (m³/d) × concentración (mg/L) / 1000"
          testId="pta-remociones"
        >
          {d ? (
            <Box
              sx={{ ...grid, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}
            >
              {d.remociones.map((r) => (
                <RemocionCard key={r.clave} r={r} />
              ))}
            </Box>
          ) : (
            !diaQ.isError && (
              <Box
                sx={{
                  ...grid,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
                }}
              >
                {reserva(RESERVA_REMOCIONES, 216)}
              </Box>
            )
          )}
        </Seccion>

        <Seccion
          titulo="Tendencia"
          subtitulo={
            rango
              ? `Del ${formatFecha(rango.desde)} al ${formatFecha(rango.hasta)}${
                  serie?.rango != null
                    ? ` · ${serie.unidad === '%' ? 'remoción del rango (Σ cargas)' : 'total del rango'} ${formatValue(serie.rango, serie.unidad, serie.decimales)}`
                    : ''
                }`
              : undefined
          }
          testId="pta-tendencia"
          acciones={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
              <FormControl size="small" sx={{ minWidth: 200, flex: { xs: 1, sm: 'none' } }}>
                <InputLabel id="pta-serie">Parámetro</InputLabel>
                <Select
                  labelId="pta-serie"
                  label="Parámetro"
                  value={serie?.clave ?? ''}
                  data-testid="selector-serie"
                  onChange={(e) => setParam(SERIE_PARAM, e.target.value)}
                >
                  {series.map((s) => (
                    <MenuItem key={s.clave} value={s.clave}>
                      {sinUnidad(s.nombre)} ({s.unidad})
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <FormControl size="small" sx={{ minWidth: 110 }}>
                <InputLabel id="pta-dias">Rango</InputLabel>
                <Select
                  labelId="pta-dias"
                  label="Rango"
                  value={String(dias)}
                  data-testid="selector-dias"
                  onChange={(e) => setParam(DIAS_PARAM, e.target.value === '30' ? null : e.target.value)}
                >
                  {DIAS_TENDENCIA.map((n) => (
                    <MenuItem key={n} value={String(n)}>
                      {n} días
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            </Box>
          }
        >
          <Chart
            option={option}
            loading={cargandoTendencia}
            height={compact ? 260 : 320}
            ariaLabel={
              serie
                ? `${sinUnidad(serie.nombre)} (${serie.unidad}) por día frente a sus límites`
                : 'Tendencia de la PTA por día'
            }
            testId="grafico-pta-tendencia"
          />
        </Seccion>
      </Box>
    </Box>
  );
}
