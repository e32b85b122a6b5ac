import { Box, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { minutesToHHMM, productionDayRange } from '@planta/domain';
import { useMemo, useState } from 'react';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatFechaLarga, formatNumber, formatPercent } from '@planta/charts/format';
import { kpiPaletteColor } from '../../../components/kpi/kpi-color.ts';
import { useLineaVelocidad } from '../api/linea-velocidad.ts';
import { usePresentaciones } from '../api/producto-presentacion.ts';
import { type LineaProduccion, REFRESCO_HOY_MS } from '../hooks/use-linea-produccion.ts';
import { paletaLinea } from '../utils/paletas.ts';
import { formatosDe, porcentajeNominal, velocidadColor } from '@planta/charts/lineas/produccion';
import { presentacionTexto } from '@planta/charts/lineas/producto';
import { detailMaxPoints, slotLabels, speedSlots, speedStats } from '../utils/serie-velocidad.ts';
import { buildSpeedDetailOption } from '../utils/velocidad-option.ts';
import { Dato } from './dato.tsx';
import { LineaDialog } from './linea-dialog.tsx';

export interface VelocidadDialogProps {
  open: boolean;
  onClose: () => void;
  numero: number;
  nombre: string;
  fecha: string;
  timeZone: string;
  isToday: boolean;
  datos: LineaProduccion;
}

const bpm = (v: number | null | undefined) => (v == null ? '—' : `${formatNumber(v)} bpm`);
const SIN_LECTURAS: never[] = [];
const SIN_PUNTOS = { minuto: [], velocidad: [], formato: [] };

function VelocidadContenido({
  numero,
  nombre,
  fecha,
  timeZone,
  isToday,
  datos,
}: Omit<VelocidadDialogProps, 'open' | 'onClose'>) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const paleta = paletaLinea(numero);
  // About 2 points per pixel of the chart (DESIGN §8): the dialog is at most 1200 px wide.
  const [maxPuntos] = useState(() => detailMaxPoints(Math.min(window.innerWidth, 1200) - 64));
  const serie = useLineaVelocidad(numero, fecha, timeZone, maxPuntos, {
    refetchInterval: isToday ? REFRESCO_HOY_MS : undefined,
  });
  const columnas = serie.data?.columnas ?? SIN_PUNTOS;
  const formatos = useMemo(() => formatosDe(SIN_LECTURAS, ...columnas.formato), [columnas]);
  const { presentaciones } = usePresentaciones(formatos, numero);
  const intervalo = serie.data?.intervalo_minutos ?? 1;
  const slots = useMemo(() => {
    const { start, end } = productionDayRange(fecha, timeZone);
    return speedSlots(columnas, start, end, intervalo, presentaciones);
  }, [columnas, fecha, timeZone, intervalo, presentaciones]);
  const labels = useMemo(() => slotLabels(slots, timeZone), [slots, timeZone]);
  const option = useMemo(
    () => buildSpeedDetailOption({ slots, labels, intervalo, paleta, compact }),
    [slots, labels, intervalo, paleta, compact],
  );
  const stats = useMemo(() => speedStats(slots, intervalo), [slots, intervalo]);

  const { vivo, producto, origenFormato, totales, nominalDia, minutosActividad } = datos;
  const media = totales?.velocidad_media ?? null;
  const pctDia = porcentajeNominal(media, nominalDia);
  const nominalProducto = producto?.velocidad_nominal?.velocidad_botellas_minuto ?? null;
  const nominalActual = origenFormato === 'vivo' ? nominalProducto : null;
  const pctVivo = vivo ? porcentajeNominal(vivo.velocidad, nominalActual) : null;
  const colorDe = (real: number | null, nominal: number | null) =>
    kpiPaletteColor(velocidadColor(real, nominal), theme);

  return (
    <>
      <Box
        data-testid="velocidad-resumen"
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(auto-fit, minmax(150px, 1fr))',
          },
        }}
      >
        {vivo && (
          <Dato
            testId="detalle-velocidad-actual"
            titulo="Velocidad actual"
            valor={bpm(vivo.velocidad)}
            color={pctVivo === null ? undefined : colorDe(vivo.velocidad, nominalActual)}
            detalle={
              nominalActual === null
                ? vivo.estado_nombre
                : `${vivo.estado_nombre} · nominal ${bpm(nominalActual)}${pctVivo === null ? '' : ` (${formatPercent(pctVivo)})`}`
            }
          />
        )}
        <Dato
          testId="detalle-velocidad-media"
          titulo="Media en marcha"
          valor={bpm(media)}
          color={pctDia === null ? undefined : colorDe(media, nominalDia)}
          detalle="minutos con velocidad > 0"
        />
        <Dato
          testId="detalle-velocidad-nominal"
          titulo="Nominal del día"
          valor={bpm(nominalDia)}
          detalle={
            pctDia === null ? 'sin producto con nominal' : `real ${formatPercent(pctDia)} de la nominal`
          }
        />
        <Dato
          testId="detalle-velocidad-maxima"
          titulo="Velocidad máxima"
          valor={bpm(stats.maxima)}
          detalle={intervalo === 1 ? 'de un minuto' : `media de ${intervalo} minutos`}
        />
        <Dato
          testId="detalle-tiempo-actividad"
          titulo="Tiempo de actividad"
          valor={minutosActividad === null ? '—' : minutesToHHMM(minutosActividad)}
          detalle="horas:minutos en marcha"
        />
      </Box>
      {producto && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="detalle-producto">
          {origenFormato === 'vivo' ? 'Producto en línea' : 'Último producto del día'}:{' '}
          {producto.producto.descripcion} {presentacionTexto(producto.presentacion, producto.num_botellas)} ·
          nominal {bpm(nominalProducto)}
        </Typography>
      )}
      <Chart
        option={option}
        loading={serie.isLoading || serie.isPlaceholderData}
        height={compact ? 300 : 380}
        ariaLabel={`${nombre}: velocidad ${intervalo === 1 ? 'de cada minuto' : `cada ${intervalo} minutos`} del día de producción frente a la nominal`}
        testId="grafico-velocidad-detalle"
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {intervalo === 1 ? 'Un punto por minuto' : `Un punto cada ${intervalo} minutos`}; los tramos sin
        lecturas quedan vacíos. Acerque con la rueda del ratón + Mayús, con dos dedos o con la barra inferior.
      </Typography>
    </>
  );
}

/**
 * The line-speed dialog (SPEC §2): the production day's speed minute by minute against the
 * nominal speed of the product running, with the day's mean running speed, maximum, nominal and
 * activity time (HH:MM); today also the live speed and state.
 */
export function VelocidadDialog({ open, onClose, ...props }: VelocidadDialogProps) {
  return (
    <LineaDialog
      open={open}
      onClose={onClose}
      titulo={`Velocidad de ${props.nombre}`}
      subtitulo={
        <Box
          component="span"
          sx={{ '&::first-letter': { textTransform: 'uppercase' }, display: 'inline-block' }}
        >
          {formatFechaLarga(props.fecha)} · 08:00 → 07:59
        </Box>
      }
      testId="dialogo-velocidad"
    >
      <VelocidadContenido {...props} />
    </LineaDialog>
  );
}
