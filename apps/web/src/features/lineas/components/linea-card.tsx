import LocalDrinkIcon from '@mui/icons-material/LocalDrink';
import SpeedIcon from '@mui/icons-material/Speed';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  Card,
  Chip,
  LinearProgress,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { minutesToHHMM } from '@planta/domain';
import { useRef, useState } from 'react';
import { formatNumber, formatPercent } from '@planta/charts/format';
import { kpiPaletteColor } from '../../../components/kpi/kpi-color.ts';
import { useLineaEnVivo } from '../api/lineas.ts';
import { type LineaProduccion, useLineaProduccion } from '../hooks/use-linea-produccion.ts';
import { plantClock } from '@planta/charts';
import { paletaLinea } from '../utils/paletas.ts';
import { porcentajeNominal, velocidadColor } from '@planta/charts/lineas/produccion';
import { presentacionTexto, volumenTexto } from '@planta/charts/lineas/producto';
import type { BotellasDialogProps } from './botellas-dialog.tsx';
import { Dato } from './dato.tsx';
import { ProductoImagen } from './producto-imagen.tsx';
import type { ProductoInfoDialogProps } from './producto-info-dialog.tsx';
import type { VelocidadDialogProps } from './velocidad-dialog.tsx';
import { lazyDialog } from '../../../components/feedback/lazy-dialog.tsx';
import { Hint } from '../../../components/feedback/hint.tsx';
import { usePainted } from '../../../lib/use-painted.ts';
import { chartTrasPintar } from '../../../components/charts/chart-tras-pintar.tsx';

// The hourly chart draws ECharts (its runtime is the largest chunk): loaded apart, once the card's
// caption above it has painted, so that its 140 KB do not share the link with the screen's first
// paint (the day bar's long date is its LCP); the card's figures do not wait for it.
const VelocidadChart = chartTrasPintar(() =>
  import('./linea-velocidad-chart.tsx').then((m) => m.LineaVelocidadChart),
);

/** Live state codes (PLC Estado tag) → chip colour. */
const ESTADO_COLOR: Record<number, 'success' | 'error' | 'warning' | 'info' | 'default'> = {
  0: 'default',
  1: 'success',
  2: 'error',
  3: 'warning',
  4: 'info',
  5: 'warning',
  6: 'default',
};

const bpm = (v: number | null | undefined) => (v == null ? '—' : `${formatNumber(v)} bpm`);

export interface LineaCardProps {
  numero: number;
  nombre: string;
  fecha: string;
  timeZone: string;
  isToday: boolean;
}

type Dialogo = 'velocidad' | 'botellas' | 'imagen' | null;

// The line's dialogs load when first opened.
const VelocidadDialog = lazyDialog<VelocidadDialogProps>(
  () => import('./velocidad-dialog.tsx').then((m) => m.VelocidadDialog),
  (props) => props.open,
);
const BotellasDialog = lazyDialog<BotellasDialogProps>(
  () => import('./botellas-dialog.tsx').then((m) => m.BotellasDialog),
  (props) => props.open,
);
const ProductoInfoDialog = lazyDialog<ProductoInfoDialogProps>(
  () => import('./producto-info-dialog.tsx').then((m) => m.ProductoInfoDialog),
  (props) => props.open,
);

/** The product running (or last run) on the line, with its image that opens the image-info dialog. */
function ProductoEnLinea({
  datos,
  nombre,
  onImagen,
}: {
  datos: LineaProduccion;
  nombre: string;
  onImagen: () => void;
}) {
  const { producto, formato, origenFormato, dia, vivo } = datos;
  const cargando = formato !== 0 && producto === undefined;
  const titulo =
    formato === 0
      ? 'Sin producto'
      : cargando
        ? 'Cargando...'
        : producto
          ? producto.producto.descripcion
          : `Código ${formato} sin catálogo`;
  const detalle =
    formato === 0
      ? vivo
        ? 'La línea no tiene producto'
        : dia.data
          ? 'No produjo en este día'
          : ''
      : producto
        ? presentacionTexto(producto.presentacion, producto.num_botellas)
        : '';
  const alt = producto
    ? `${producto.producto.descripcion} ${volumenTexto(producto.presentacion)}`
    : 'Sin producto';
  return (
    <Box data-testid="producto" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      {producto ? (
        <Hint title="Información de la imagen">
          <ButtonBase
            onClick={onImagen}
            aria-label={`Información de la imagen de ${producto.producto.descripcion} (${nombre})`}
            data-testid="producto-imagen"
            sx={{ borderRadius: 1, p: 0.5, '&:hover': { bgcolor: 'action.hover' } }}
          >
            <ProductoImagen color={producto.producto.image_color} alt={alt} size={56} />
          </ButtonBase>
        </Hint>
      ) : (
        <Box sx={{ p: 0.5 }}>
          <ProductoImagen color={null} alt={alt} size={56} />
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {formato === 0
            ? 'Producto'
            : origenFormato === 'vivo'
              ? 'Producto en línea'
              : vivo
                ? 'Sin producto en línea · último del día'
                : 'Último producto del día'}
        </Typography>
        <Typography
          data-testid="producto-nombre"
          sx={{ fontWeight: 500, lineHeight: 1.3 }}
          noWrap
          title={titulo}
        >
          {titulo}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="producto-presentacion" noWrap>
          {detalle}
          {producto && formato !== 0 ? ` · HMI ${formato}` : ''}
        </Typography>
      </Box>
    </Box>
  );
}

/** Real against nominal speed: the live speed today, the day's mean running speed otherwise. */
function VelocidadNominal({ datos }: { datos: LineaProduccion }) {
  const theme = useTheme();
  const { vivo, producto, origenFormato, totales, nominalDia, dia } = datos;
  const real = vivo ? vivo.velocidad : (totales?.velocidad_media ?? null);
  // Live: the nominal of the product on the line now (none while it has no product).
  const nominal = vivo
    ? origenFormato === 'vivo'
      ? (producto?.velocidad_nominal?.velocidad_botellas_minuto ?? null)
      : null
    : nominalDia;
  const pct = porcentajeNominal(real, nominal);
  const color = kpiPaletteColor(velocidadColor(real, nominal), theme);
  return (
    <Box data-testid="velocidad-nominal" sx={{ minWidth: 0 }}>
      <Dato
        titulo={vivo ? 'Velocidad actual' : 'Velocidad media en marcha'}
        valor={vivo || dia.data ? bpm(real) : '—'}
        valorTestId="velocidad"
        size="lg"
        color={pct === null ? undefined : color}
      />
      <LinearProgress
        variant="determinate"
        value={Math.min(100, pct ?? 0)}
        aria-label="Velocidad real frente a la nominal"
        sx={{
          my: 0.5,
          height: 6,
          borderRadius: 3,
          bgcolor: 'action.hover',
          '& .MuiLinearProgress-bar': { bgcolor: color, borderRadius: 3 },
        }}
      />
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        data-testid="nominal"
        title={
          vivo
            ? undefined
            : 'Nominales de los productos del día, ponderadas por el tiempo que corrió cada uno'
        }
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {nominal === null
          ? vivo && origenFormato !== 'vivo'
            ? 'Sin producto en línea'
            : 'Sin velocidad nominal'
          : `${vivo ? 'Nominal' : 'Nominal del día'} ${bpm(nominal)}${pct === null ? '' : ` · ${formatPercent(pct)}`}`}
      </Typography>
    </Box>
  );
}

/**
 * One production line on a production day: the product running and its image, real against
 * nominal speed, activity time, bottle counts and finished product, the speed of each hour
 * (8…23, 0…7) and, today, the live values from the PLC. Opens the line-speed, bottle-count and
 * image-info dialogs.
 */
export function LineaCard({ numero, nombre, fecha, timeZone, isToday }: LineaCardProps) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const paleta = paletaLinea(numero);
  const vivoActual = useLineaEnVivo(numero, isToday);
  const datos = useLineaProduccion(numero, fecha, timeZone, isToday, vivoActual);
  const { dia, horas, totales, minutosActividad, vivo } = datos;
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const leyenda = useRef<HTMLParagraphElement>(null);
  const pintada = usePainted(leyenda);
  const alto = compact ? 190 : 210;
  const listo = dia.data !== undefined && !dia.isPlaceholderData;
  const num = (v: number | null | undefined) => (dia.data ? formatNumber(v) : '—');

  return (
    <Card
      component="section"
      aria-label={nombre}
      data-testid={`linea-${numero}`}
      data-fecha={listo ? fecha : undefined}
      variant="outlined"
      sx={{
        borderTop: `3px solid ${paleta.principal}`,
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.25, pb: 0.5, flexWrap: 'wrap' }}>
        <Box
          aria-hidden
          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: paleta.principal, flexShrink: 0 }}
        />
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem', flex: 1, minWidth: 0 }} noWrap>
          {nombre}
        </Typography>
        {isToday ? (
          vivo ? (
            <Hint title={`Lectura del PLC a las ${plantClock(vivo.fecha, timeZone)}`}>
              <Chip
                size="small"
                data-testid="estado"
                label={vivo.estado_nombre}
                color={ESTADO_COLOR[vivo.estado] ?? 'default'}
              />
            </Hint>
          ) : (
            <Chip size="small" data-testid="estado" label="Sin datos en vivo" variant="outlined" />
          )
        ) : (
          <Chip size="small" data-testid="estado" label="Día cerrado" variant="outlined" />
        )}
      </Box>

      <Box sx={{ px: 2, pb: 1, display: 'grid', gap: 1.5, flex: 1, alignContent: 'start' }}>
        {dia.isError && <Alert severity="error">No se pudieron obtener los datos de la línea.</Alert>}
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
            alignItems: 'center',
          }}
        >
          <ProductoEnLinea datos={datos} nombre={nombre} onImagen={() => setDialogo('imagen')} />
          <VelocidadNominal datos={datos} />
        </Box>

        <Box
          data-testid="contadores"
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(3, minmax(0, 1fr))',
              md: 'repeat(5, minmax(0, 1fr))',
              // Two cards side by side from lg: narrower again until xl.
              lg: 'repeat(3, minmax(0, 1fr))',
              xl: 'repeat(5, minmax(0, 1fr))',
            },
            py: 1,
            borderTop: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Dato
            titulo="Tiempo de actividad"
            valor={minutosActividad === null ? '—' : minutesToHHMM(minutosActividad)}
            valorTestId="tiempo-actividad"
          />
          <Dato titulo="Botellas" valor={num(totales?.botellas)} valorTestId="botellas" />
          <Dato
            titulo="Botellas llenas"
            valor={num(totales?.botellas_llenas)}
            valorTestId="botellas-llenas"
          />
          <Dato titulo="Paquetes" valor={num(totales?.paquetes)} valorTestId="paquetes" />
          <Dato
            titulo="Producto terminado"
            valor={num(totales?.producto_terminado)}
            valorTestId="producto-terminado"
          />
        </Box>

        <Box>
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            ref={leyenda}
            {...{ elementtiming: 'linea-velocidad' }}
          >
            Velocidad por hora (bpm) · 08:00 → 07:59
          </Typography>
          <VelocidadChart
            pintado={pintada}
            numero={numero}
            nombre={nombre}
            horas={horas}
            paleta={paleta}
            compact={compact}
            loading={dia.isLoading || dia.isPlaceholderData}
            height={alto}
            onItemClick={() => setDialogo('velocidad')}
          />
        </Box>
      </Box>

      <Box sx={{ display: 'flex', gap: 1, px: 1, pb: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          startIcon={<SpeedIcon />}
          onClick={() => setDialogo('velocidad')}
          aria-label={`Velocidad de ${nombre}`}
        >
          Velocidad
        </Button>
        <Button
          size="small"
          startIcon={<LocalDrinkIcon />}
          onClick={() => setDialogo('botellas')}
          aria-label={`Conteo de botellas de ${nombre}`}
        >
          Conteo de botellas
        </Button>
      </Box>

      <VelocidadDialog
        open={dialogo === 'velocidad'}
        onClose={() => setDialogo(null)}
        numero={numero}
        nombre={nombre}
        fecha={fecha}
        timeZone={timeZone}
        isToday={isToday}
        datos={datos}
      />
      <BotellasDialog
        open={dialogo === 'botellas'}
        onClose={() => setDialogo(null)}
        numero={numero}
        nombre={nombre}
        fecha={fecha}
        datos={datos}
      />
      <ProductoInfoDialog
        open={dialogo === 'imagen'}
        onClose={() => setDialogo(null)}
        nombre={nombre}
        producto={datos.producto ?? null}
      />
    </Card>
  );
}
