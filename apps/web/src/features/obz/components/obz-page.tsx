import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Button, Fade, Paper, Skeleton, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import { MESES } from '@planta/domain';
import { fabricaVariables } from '@planta/charts/fabrica/fabrica-variables';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSearchParams } from '../../../lib/search-params.ts';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatFecha, formatNumber, formatPercent } from '@planta/charts/format';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { Loading } from '../../../components/feedback/loading.tsx';
import {
  type ResumenVariable,
  useVariables,
  type VariableInfo,
} from '../../../components/kpi/api/variables.ts';
import { metaDelMomento } from '../../../components/kpi/kpi-card.tsx';
import {
  kpiColor,
  kpiPaletteColor,
  kpiStatusLabel,
  percentOfMeta,
} from '../../../components/kpi/kpi-color.ts';
import { prefersReducedMotion } from '../../../lib/reduced-motion.ts';
import { useObzTablero, useResumenTablero } from '../api/obz.ts';
import {
  esFalloDeConexion,
  esKiosko,
  fechaLargaPlanta,
  horaPlanta,
  ultimaActualizacion,
} from '../utils/kiosko.ts';
import { buildObzOption } from '../utils/obz-option.ts';
import {
  ETIQUETA_DESVIACION,
  estadoDesviacion,
  type FilaObz,
  filasObz,
  formatDesviacion,
  paginar,
  totalesPorMes,
  totalObz,
} from '../utils/obz-tablero.ts';
import { useSesionKiosko } from './use-sesion-kiosko.ts';

/** The production figures the board shows, in this order (those that exist among /fabrica's). */
export const KPI_TABLERO = [
  'Producción (CU)',
  'Cumplimiento de meta (%)',
  'ETA (%)',
  'OEE (%)',
  'Relación agua (L/L)',
  'ZWL (%)',
] as const;

/** Packages per page of the table; more pages rotate. */
const FILAS_POR_PAGINA = 8;
/** How long each page of packages stays on screen. */
const ROTACION_MS = 15_000;
/** The mouse pointer and the menu link hide after this long without moving. */
const REPOSO_PUNTERO_MS = 3_000;

const sr = visuallyHidden as React.CSSProperties;

/** Type sizes for a 1080p TV read from 3 m (scaled with the width on smaller screens). */
const T = {
  base: 'clamp(15px, 1.25vw, 26px)',
  small: 'clamp(13px, 1vw, 21px)',
  title: 'clamp(22px, 2.2vw, 44px)',
  clock: 'clamp(30px, 3.6vw, 72px)',
  kpi: 'clamp(28px, 2.9vw, 58px)',
  big: 'clamp(24px, 2.3vw, 46px)',
} as const;

/**
 * The largest type a figure may take within its own box (container query units: % of the box's
 * width): 10–11 characters of tabular digits (17.445.243, 100,3 %) take about 5.5 em.
 */
const CIFRA_CQI = '17cqi';

function useAhora(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

function Reloj({ timeZone }: { timeZone: string | undefined }) {
  const ahora = useAhora(1_000);
  return (
    <Box sx={{ textAlign: 'right' }}>
      <Typography
        data-testid="reloj"
        component="p"
        sx={{ fontSize: T.clock, fontWeight: 600, lineHeight: 1, fontVariantNumeric: 'tabular-nums' }}
      >
        <time dateTime={new Date(ahora).toISOString()}>{horaPlanta(ahora, timeZone)}</time>
      </Typography>
      <Typography sx={{ fontSize: T.small, color: 'text.secondary' }}>
        {fechaLargaPlanta(ahora, timeZone)}
      </Typography>
    </Box>
  );
}

/** Since when the board's requests fail (null while they succeed): set when `caida` turns true. */
function useCaidaDesde(caida: boolean, ahora: number): number | null {
  const [estado, setEstado] = useState<{ caida: boolean; desde: number | null }>({
    caida: false,
    desde: null,
  });
  if (estado.caida !== caida) setEstado({ caida, desde: caida ? ahora : null });
  return estado.caida === caida ? estado.desde : caida ? ahora : null;
}

/** A headline card's frame and lines, shared by the card and its place while the variables load. */
const MARCO_KPI = {
  p: { xs: 1.5, lg: 2 },
  minWidth: 0,
  borderTop: 6,
  display: 'grid',
  // One column as wide as the card, never its longest line (those end in an ellipsis).
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignContent: 'start',
  gap: 0.5,
  containerType: 'inline-size',
} as const;
const NOMBRE_KPI = { fontSize: T.small, color: 'text.secondary', lineHeight: 1.2 } as const;
const CIFRA_KPI = {
  fontSize: `min(${T.kpi}, ${CIFRA_CQI})`,
  fontWeight: 700,
  lineHeight: 1.1,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
} as const;
/**
 * Three lines under the figure, one each, from the start: the meta, the meta due by now (blank on a
 * closed day), the ritmo and state; so the cards, and everything below them, do not move when the
 * day's figures come. From `sm` up a line too long for its card ends in an ellipsis.
 */
const META_KPI = { fontSize: T.small, color: 'text.secondary', lineHeight: 1.5, minHeight: '4.5em' } as const;
const LINEA_KPI = {
  display: 'block',
  // On a phone a line wraps rather than lose its end.
  whiteSpace: { xs: 'normal', sm: 'nowrap' },
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;
/** Cards shown while the variables load (their count is not known yet; the row's height is). */
const KPI_CARGANDO = 3;

/** A card's place while the variables load: the same frame and lines, so nothing moves when they come. */
function KpiTableroCargando() {
  return (
    <Paper aria-hidden sx={{ ...MARCO_KPI, borderColor: 'divider' }}>
      <Typography sx={NOMBRE_KPI}>
        <Skeleton width="60%" />
      </Typography>
      <Typography sx={CIFRA_KPI}>
        <Skeleton width="70%" />
      </Typography>
      <Typography sx={META_KPI}>
        <Skeleton width="90%" />
      </Typography>
    </Paper>
  );
}

function KpiTablero({ variable, resumen }: { variable: VariableInfo; resumen: ResumenVariable | undefined }) {
  const theme = useTheme();
  const valor = resumen?.diario ?? null;
  const meta = resumen?.meta ?? null;
  // The day in progress is judged against the meta due by now (its ritmo), as on /fabrica.
  const momento = resumen ? metaDelMomento(resumen) : { meta: null, enCurso: false };
  const color = kpiColor(valor, momento.meta, variable.mayor_es_mejor);
  const estado = meta === null ? 'Sin meta' : valor === null ? 'Sin dato' : kpiStatusLabel(color);
  const ritmo = momento.enCurso ? percentOfMeta(valor, momento.meta) : null;
  return (
    <Paper
      data-testid={`kpi-tablero-${variable.nombre}`}
      data-color={color}
      sx={{ ...MARCO_KPI, borderColor: kpiPaletteColor(color, theme) }}
    >
      <Typography component="h3" sx={NOMBRE_KPI}>
        {variable.nombre}
      </Typography>
      <Typography data-testid="kpi-valor" sx={CIFRA_KPI}>
        {formatNumber(valor, variable.decimales)}
      </Typography>
      <Typography sx={META_KPI}>
        <Box component="span" sx={LINEA_KPI}>
          Meta {formatNumber(meta, variable.decimales)}
        </Box>
        <Box component="span" sx={LINEA_KPI} data-testid={momento.enCurso ? 'kpi-meta-ritmo' : undefined}>
          {momento.enCurso ? `A esta hora ${formatNumber(momento.meta, variable.decimales)}` : '\u00a0'}
        </Box>
        <Box component="span" sx={{ ...LINEA_KPI, color: kpiPaletteColor(color, theme), fontWeight: 600 }}>
          {ritmo !== null && (
            <Box component="span" data-testid="kpi-ritmo">
              Ritmo {formatPercent(ritmo, 1)}{' '}
            </Box>
          )}
          {ritmo !== null ? `(${estado.toLowerCase()})` : estado}
        </Box>
      </Typography>
    </Paper>
  );
}

function Celda({
  children,
  align = 'right',
  header = false,
  color,
  testId,
}: {
  children: ReactNode;
  align?: 'left' | 'right';
  header?: boolean;
  color?: string;
  testId?: string;
}) {
  const Tag = header ? 'th' : 'td';
  return (
    <Box
      component={Tag}
      scope={header ? 'col' : undefined}
      data-testid={testId}
      sx={{
        textAlign: align,
        px: 1.25,
        py: 1,
        fontSize: header ? T.small : T.base,
        fontWeight: header ? 500 : 400,
        color: header ? 'text.secondary' : color,
        fontVariantNumeric: 'tabular-nums',
        borderBottom: 1,
        borderColor: 'divider',
        whiteSpace: header ? 'normal' : 'nowrap',
        verticalAlign: 'middle',
      }}
    >
      {children}
    </Box>
  );
}

function useColorDesviacion() {
  const theme = useTheme();
  return (pct: number | null) => {
    const estado = estadoDesviacion(pct);
    return estado === 'ok'
      ? theme.palette.success.main
      : estado === 'alerta'
        ? theme.palette.warning.main
        : estado === 'exceso'
          ? theme.palette.error.main
          : theme.palette.text.secondary;
  };
}

const dinero = (v: number | null) => formatNumber(v, 0);
const desv = (v: number | null) => formatDesviacion(v, (x) => formatNumber(x, 1));

function FilaPaquete({ fila, colorDe }: { fila: FilaObz; colorDe: (pct: number | null) => string }) {
  return (
    <tr data-testid={`fila-obz-${fila.id}`}>
      <Box
        component="th"
        scope="row"
        sx={{ textAlign: 'left', px: 1.25, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box sx={{ fontSize: T.base, fontWeight: 500, lineHeight: 1.15 }}>{fila.nombre}</Box>
        <Box sx={{ fontSize: T.small, color: 'text.secondary', fontWeight: 400 }}>{fila.area}</Box>
      </Box>
      <Celda>{dinero(fila.presupuestoMes)}</Celda>
      <Celda>{dinero(fila.realMes)}</Celda>
      <Celda color={colorDe(fila.desviacionMes)} testId="celda-desviacion">
        {desv(fila.desviacionMes)}
        <span style={sr}> ({ETIQUETA_DESVIACION[estadoDesviacion(fila.desviacionMes)]})</span>
      </Celda>
      <Celda>{dinero(fila.presupuestoAFecha)}</Celda>
      <Celda>{dinero(fila.realAFecha)}</Celda>
      <Celda testId="celda-cumplimiento">{formatPercent(fila.cumplimiento, 1)}</Celda>
    </tr>
  );
}

/**
 * Obz: the full-screen board of the plant-floor TV (blank layout). The zero-based budget (OBZ)
 * packages — the month's budget against the actual spend and its deviation, and the year to date —
 * and the day's headline production figures (the same query and numbers as /fabrica), the clock
 * and the time of the last update. Reloads every minute and recovers by itself after a network
 * loss or a server restart ('Sin conexión desde HH:MM' meanwhile). `?kiosko=1` keeps the session
 * and the screen awake; a person with a mouse or a keyboard finds the way back to the menu.
 */
export function ObzPage() {
  const [params] = useSearchParams();
  const kiosko = esKiosko(params.get('kiosko'));
  const { today, timeZone, isError: calendarError } = usePlantCalendar();
  const { asegurar } = useSesionKiosko(kiosko);
  const opciones = useMemo(() => ({ antes: asegurar }), [asegurar]);

  const anioActual = today ? Number(today.slice(0, 4)) : undefined;
  const anioParam = Number(params.get('anio'));
  const anio =
    anioActual === undefined
      ? undefined
      : Number.isInteger(anioParam) && anioParam >= 2000 && anioParam <= 2100
        ? anioParam
        : anioActual;
  const mesParam = Number(params.get('mes'));
  const mes =
    Number.isInteger(mesParam) && mesParam >= 1 && mesParam <= 12
      ? mesParam
      : anio === anioActual && today
        ? Number(today.slice(5, 7))
        : 12;

  const variables = useVariables();
  const lista = useMemo(() => fabricaVariables(variables.data ?? []), [variables.data]);
  const nombres = useMemo(() => lista.map((v) => v.nombre), [lista]);
  const titulares = useMemo(
    () =>
      KPI_TABLERO.flatMap((n) => {
        const v = lista.find((x) => x.nombre === n);
        return v ? [v] : [];
      }),
    [lista],
  );
  const resumen = useResumenTablero(nombres, today, opciones);
  const obz = useObzTablero(anio, opciones);

  const actualizado = ultimaActualizacion([obz.dataUpdatedAt, resumen.dataUpdatedAt]);
  const caida =
    esFalloDeConexion(obz.failureReason) ||
    esFalloDeConexion(resumen.failureReason) ||
    (obz.isError && esFalloDeConexion(obz.error));
  // The moment the failure was noticed: the newest failure or success time TanStack recorded.
  const caidaDesde = useCaidaDesde(caida, Math.max(obz.errorUpdatedAt, resumen.errorUpdatedAt, actualizado));

  // The TV's 18 px chart labels run together on a phone.
  const estrecha = useMediaQuery(useTheme().breakpoints.down('sm'));
  const filas = useMemo(() => filasObz(obz.data ?? [], mes), [obz.data, mes]);
  const total = useMemo(() => totalObz(obz.data ?? [], mes), [obz.data, mes]);
  const option = useMemo(
    () =>
      obz.data
        ? buildObzOption({ meses: totalesPorMes(obz.data), mesActual: mes, fontSize: estrecha ? 12 : 18 })
        : null,
    [obz.data, mes, estrecha],
  );
  const paginas = useMemo(() => paginar(filas, FILAS_POR_PAGINA), [filas]);
  const [pagina, setPagina] = useState(0);
  const [pausado, setPausado] = useState(false);
  const reducirMovimiento = prefersReducedMotion();
  useEffect(() => {
    if (paginas.length <= 1 || pausado) return;
    const timer = window.setInterval(() => setPagina((p) => (p + 1) % paginas.length), ROTACION_MS);
    return () => window.clearInterval(timer);
  }, [paginas.length, pausado]);
  const paginaVisible = pagina < paginas.length ? pagina : 0;

  // The pointer (and the menu link) show while the mouse moves; a kiosk hides the idle pointer.
  const [punteroActivo, setPunteroActivo] = useState(false);
  useEffect(() => {
    if (!punteroActivo) return;
    const timer = window.setTimeout(() => setPunteroActivo(false), REPOSO_PUNTERO_MS);
    return () => window.clearTimeout(timer);
  }, [punteroActivo]);

  const colorDe = useColorDesviacion();

  if (anio === undefined || today === undefined) {
    return calendarError ? (
      <Typography role="alert" sx={{ p: 4, fontSize: T.base }}>
        No se pudo obtener el calendario de la planta. Reintentando...
      </Typography>
    ) : (
      <Loading fullScreen />
    );
  }

  const nombreMes = MESES[mes - 1] ?? '';
  // Spending over the budget of the months closed so far reads like a positive deviation.
  const cumplimientoColor = total.cumplimiento === null ? undefined : colorDe(total.cumplimiento - 100);

  return (
    <Box
      data-testid="tablero-obz"
      data-kiosko={kiosko ? '1' : undefined}
      data-actualizado={actualizado || undefined}
      onMouseMove={() => setPunteroActivo(true)}
      sx={{
        position: 'relative',
        minHeight: '100dvh',
        height: { lg: '100dvh' },
        overflow: { lg: 'hidden' },
        boxSizing: 'border-box',
        p: { xs: 1.5, lg: 3 },
        display: 'grid',
        gridTemplateRows: { lg: 'auto auto minmax(0, 1fr)' },
        gap: { xs: 1.5, lg: 2.5 },
        cursor: kiosko && !punteroActivo ? 'none' : undefined,
      }}
    >
      {/* Discreet controls: shown while the mouse moves or when reached with the keyboard. */}
      <Box
        data-testid="controles-tablero"
        sx={{
          position: 'absolute',
          top: 8,
          left: 8,
          zIndex: 2,
          display: 'flex',
          gap: 1,
          opacity: punteroActivo ? 1 : 0,
          transition: reducirMovimiento ? 'none' : 'opacity 200ms',
          '&:hover, &:focus-within': { opacity: 1 },
        }}
      >
        <Button
          component={RouterLink}
          to="/menu"
          variant="contained"
          color="inherit"
          size="small"
          startIcon={<ArrowBackIcon />}
          data-testid="volver-menu"
          sx={{ bgcolor: 'background.paper', color: 'text.primary' }}
        >
          Volver al menú
        </Button>
        {paginas.length > 1 && (
          <Button
            variant="contained"
            color="inherit"
            size="small"
            startIcon={pausado ? <PlayArrowIcon /> : <PauseIcon />}
            onClick={() => setPausado((p) => !p)}
            sx={{ bgcolor: 'background.paper', color: 'text.primary' }}
          >
            {pausado ? 'Reanudar rotación' : 'Pausar rotación'}
          </Button>
        )}
      </Box>

      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" sx={{ fontSize: T.title, fontWeight: 600, lineHeight: 1.1 }}>
            OBZ · Presupuesto base cero
          </Typography>
          <Typography sx={{ fontSize: T.base, color: 'text.secondary' }}>
            {nombreMes} {anio} · Producción del día {formatFecha(today)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 3 }}>
          <Box sx={{ textAlign: 'right' }} role="status" aria-live="polite">
            {caidaDesde !== null && (
              <Typography data-testid="aviso-conexion" sx={{ fontSize: T.small, color: 'warning.main' }}>
                Sin conexión desde {horaPlanta(caidaDesde, timeZone)}
              </Typography>
            )}
            <Typography
              data-testid="ultima-actualizacion"
              sx={{ fontSize: T.small, color: 'text.secondary' }}
            >
              {actualizado ? `Actualizado ${horaPlanta(actualizado, timeZone, true)}` : 'Cargando...'}
            </Typography>
          </Box>
          <Reloj timeZone={timeZone} />
        </Box>
      </Box>

      <Box
        component="section"
        aria-label="Producción del día"
        data-testid="kpis-tablero"
        sx={{
          display: 'grid',
          gap: { xs: 1, lg: 2 },
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            lg: `repeat(${variables.isLoading ? KPI_CARGANDO : Math.max(titulares.length, 1)}, minmax(0, 1fr))`,
          },
        }}
      >
        <h2 style={sr}>Producción del día {formatFecha(today)}</h2>
        {variables.isLoading ? (
          <>
            <span role="status" style={sr}>
              Cargando...
            </span>
            {Array.from({ length: KPI_CARGANDO }, (_, i) => (
              <KpiTableroCargando key={i} />
            ))}
          </>
        ) : (
          titulares.map((v) => (
            <KpiTablero
              key={v.id}
              variable={v}
              resumen={resumen.data?.find((r) => r.variable.nombre === v.nombre)}
            />
          ))
        )}
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1.5, lg: 2.5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 63fr) minmax(0, 37fr)' },
          minHeight: 0,
        }}
      >
        {/* The table scrolls sideways on a narrow screen: the region takes the keyboard focus so
            that it can be scrolled with the arrow keys (WCAG 2.1.1, axe scrollable-region-focusable). */}
        <Paper
          component="section"
          aria-label="Paquetes OBZ"
          tabIndex={0}
          data-testid="region-paquetes-obz"
          sx={{
            position: 'relative',
            p: { xs: 1, lg: 2 },
            minWidth: 0,
            minHeight: 0,
            overflow: 'auto',
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          <Box
            sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, mb: 1 }}
          >
            <Typography component="h2" sx={{ fontSize: T.base, fontWeight: 600 }}>
              Paquetes · {nombreMes} y acumulado del año
            </Typography>
            {paginas.length > 1 && (
              <Typography data-testid="pagina-obz" sx={{ fontSize: T.small, color: 'text.secondary' }}>
                Página {paginaVisible + 1} de {paginas.length}
                {pausado ? ' (en pausa)' : ''}
              </Typography>
            )}
          </Box>
          {obz.isLoading ? (
            <Loading />
          ) : filas.length === 0 ? (
            <Typography sx={{ fontSize: T.base, color: 'text.secondary', py: 4, textAlign: 'center' }}>
              Sin paquetes OBZ con montos en {anio}.
            </Typography>
          ) : (
            <Fade key={paginaVisible} in appear={!reducirMovimiento} timeout={reducirMovimiento ? 0 : 400}>
              <Box
                component="table"
                data-testid="tabla-obz"
                sx={{
                  width: '100%',
                  borderCollapse: 'collapse',
                  // On a narrow screen the table scrolls sideways: the package names stay in view.
                  '& tr > :first-of-type': {
                    position: 'sticky',
                    left: 0,
                    zIndex: 1,
                    bgcolor: 'background.paper',
                    backgroundImage: 'var(--Paper-overlay)',
                  },
                }}
              >
                <caption style={sr}>
                  Paquetes OBZ: presupuesto y real de {nombreMes} y acumulado del año {anio}
                </caption>
                <thead>
                  <tr>
                    <Celda header align="left">
                      Paquete
                    </Celda>
                    <Celda header>Presupuesto {nombreMes.toLowerCase()}</Celda>
                    <Celda header>Real {nombreMes.toLowerCase()}</Celda>
                    <Celda header>Desviación</Celda>
                    <Celda header>Presupuesto a la fecha</Celda>
                    <Celda header>Real a la fecha</Celda>
                    <Celda header>Cumpli&shy;miento</Celda>
                  </tr>
                </thead>
                <tbody>
                  {(paginas[paginaVisible] ?? []).map((f) => (
                    <FilaPaquete key={f.id} fila={f} colorDe={colorDe} />
                  ))}
                </tbody>
                <tfoot>
                  <Box
                    component="tr"
                    data-testid="total-obz"
                    sx={{ '& td, & th': { fontWeight: 700, borderBottom: 0 } }}
                  >
                    <Box
                      component="th"
                      scope="row"
                      sx={{ textAlign: 'left', px: 1.25, py: 1, fontSize: T.base }}
                    >
                      Total planta
                    </Box>
                    <Celda>{dinero(total.presupuestoMes)}</Celda>
                    <Celda>{dinero(total.realMes)}</Celda>
                    <Celda color={colorDe(total.desviacionMes)} testId="celda-desviacion">
                      {desv(total.desviacionMes)}
                    </Celda>
                    <Celda>{dinero(total.presupuestoAFecha)}</Celda>
                    <Celda>{dinero(total.realAFecha)}</Celda>
                    <Celda testId="celda-cumplimiento">{formatPercent(total.cumplimiento, 1)}</Celda>
                  </Box>
                </tfoot>
              </Box>
            </Fade>
          )}
        </Paper>

        <Box
          sx={{
            display: 'grid',
            gap: { xs: 1.5, lg: 2.5 },
            gridTemplateRows: { lg: 'auto minmax(0, 1fr)' },
            minHeight: 0,
          }}
        >
          <Paper
            component="section"
            aria-label="Acumulado del año"
            sx={{ p: { xs: 1.5, lg: 2 } }}
            data-testid="acumulado-obz"
          >
            <Typography component="h2" sx={{ fontSize: T.base, fontWeight: 600, mb: 1 }}>
              Acumulado {anio}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
                gap: { xs: 1, sm: 2 },
              }}
            >
              {[
                ['Real a la fecha', dinero(total.realAFecha), undefined],
                ['Presupuesto a la fecha', dinero(total.presupuestoAFecha), undefined],
                ['Cumplimiento', formatPercent(total.cumplimiento, 1), cumplimientoColor],
              ].map(([etiqueta, valor, color]) => (
                // Each figure's size follows its own column (container query units): a year of
                // 8 digits (17.445.243) fits its third of the tile at 1440 px instead of running
                // into the next figure.
                <Box
                  key={etiqueta}
                  data-testid="acumulado-celda"
                  sx={{ minWidth: 0, containerType: 'inline-size' }}
                >
                  <Typography sx={{ fontSize: T.small, color: 'text.secondary' }}>{etiqueta}</Typography>
                  <Typography
                    data-testid="acumulado-valor"
                    sx={{
                      fontSize: `min(${T.big}, ${CIFRA_CQI})`,
                      fontWeight: 700,
                      color,
                      fontVariantNumeric: 'tabular-nums',
                      lineHeight: 1.15,
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {valor}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
          <Paper
            component="section"
            aria-label="Presupuesto y real por mes"
            sx={{
              p: { xs: 1.5, lg: 2 },
              minHeight: { xs: 280, lg: 0 },
              display: 'flex',
              flexDirection: 'column',
            }}
          >
            <Typography component="h2" sx={{ fontSize: T.base, fontWeight: 600 }}>
              Presupuesto y real por mes · todos los paquetes
            </Typography>
            <Box sx={{ flex: 1, minHeight: { xs: 240, lg: 0 } }}>
              <Chart
                option={option}
                loading={obz.isLoading}
                height="100%"
                ariaLabel={`Presupuesto y gasto real de todos los paquetes OBZ por mes de ${anio}`}
                testId="chart-obz"
              />
            </Box>
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}
