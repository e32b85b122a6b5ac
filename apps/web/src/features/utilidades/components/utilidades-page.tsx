import { Box, FormControl, InputLabel, MenuItem, Select, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatFecha, formatNumber } from '@planta/charts/format';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import type { ResumenVariable, VariableInfo } from '../../../components/kpi/api/variables.ts';
import { KpiSection } from '../../../components/kpi/kpi-section.tsx';
import { LazyVariableDetailsDialog } from '../../../components/kpi/lazy-variable-details-dialog.ts';
import { useConsumosUtilidades, useFlujoAire, useFugasAire } from '../api/utilidades.ts';
import { buildConsumoOption, buildFlujoAireOption } from '@planta/charts';
import {
  DIAS_RANGO,
  INTERVALOS,
  type Intervalo,
  etiquetaInstante,
  intervalosValidos,
  leerRango,
  rangoDe,
} from '../utils/rango.ts';
import { flujoSinProduccionLineas, type Tarjeta, tarjetasConsumo, tarjetasFugas } from '../utils/tarjetas.ts';
import { ChartCard } from '../../../components/charts/chart-card.tsx';

/** How often the figures of a range that includes the day in progress reload. */
const REFRESCO_HOY_MS = 60_000;

const DIAS_PARAM = 'dias';
const INTERVALO_PARAM = 'intervalo';
const INDICADOR_PARAM = 'indicador';

/** The air meter of line 1, whose history the air chart's details show. */
const FLUJO_LINEA_1 = 'Flujo aire AP soplado (Nm³/h)_561';

const ETIQUETA_DIAS: Record<number, string> = { 1: 'El día', 7: '7 días', 30: '30 días' };

/** KpiSection reads the API's variable and summary shapes; the cards here are computed ones. */
const comoSeccion = (tarjetas: readonly Tarjeta[]) => ({
  variables: tarjetas.map((t) => t.variable) as unknown as VariableInfo[],
  resumen: tarjetas.map((t) => t.resumen) as unknown as ResumenVariable[],
});

/**
 * Utilidades: compressed air, water, electricity and gas per unit produced over a range of
 * production days (the ratio of the range's sums) against their metas, the compressed-air leak
 * share (flow while nothing is produced over the mean flow), the air flow of lines 1 and 2 by
 * interval, the chosen utility day by day, and the chart details of each figure.
 */
export function UtilidadesPage() {
  const dia = useProductionDate();
  const { fecha, isToday } = dia;
  const { timeZone } = usePlantCalendar();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const { dias, intervalo } = leerRango(params.get(DIAS_PARAM), params.get(INTERVALO_PARAM));
  const rango = useMemo(
    () => (fecha && timeZone ? rangoDe(fecha, dias, timeZone, Number.POSITIVE_INFINITY) : undefined),
    [fecha, dias, timeZone],
  );
  const refetchInterval = isToday ? REFRESCO_HOY_MS : undefined;
  const consumos = useConsumosUtilidades(rango?.desde, rango?.hasta, { refetchInterval });
  const fugas = useFugasAire(rango?.inicio, rango?.fin, { refetchInterval });
  const flujo = useFlujoAire(rango?.inicio, rango?.fin, intervalo, { refetchInterval });
  const [detalle, setDetalle] = useState<string | null>(null);

  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const tarjetasC = useMemo(
    () => (consumos.data && fecha ? tarjetasConsumo(consumos.data.indicadores, fecha) : []),
    [consumos.data, fecha],
  );
  const tarjetasF = useMemo(
    () => (fugas.data && fecha ? tarjetasFugas(fugas.data, fecha) : []),
    [fugas.data, fecha],
  );
  const indicadores = consumos.data?.indicadores ?? [];
  const claveSel = params.get(INDICADOR_PARAM);
  const iSel = Math.max(
    0,
    indicadores.findIndex((i) => i.clave === claveSel),
  );
  const seleccionado = indicadores[iSel];

  const consumoOption = useMemo(
    () =>
      consumos.data && seleccionado
        ? buildConsumoOption({
            dias: consumos.data.dias.map((d) => ({ fecha: d.fecha, valor: d.valores[iSel] ?? null })),
            unidad: seleccionado.unidad,
            decimales: seleccionado.decimales,
            meta: seleccionado.meta,
            rango: seleccionado.valor,
            compact,
          })
        : null,
    [consumos.data, seleccionado, iSel, compact],
  );
  const flujoOption = useMemo(() => {
    if (!flujo.data || !timeZone) return null;
    const conDia = dias > 1;
    return buildFlujoAireOption({
      puntos: flujo.data,
      etiquetas: flujo.data.map((p) =>
        intervalo === '1 día'
          ? formatFecha(p.fecha.slice(0, 10))
          : etiquetaInstante(p.fecha, timeZone, conDia),
      ),
      // The lines' own meters (the chart stacks lines 1 and 2): Σ of their idle mean flows.
      flujoSinProduccion: flujoSinProduccionLineas(fugas.data?.lineas ?? []),
      compact,
    });
  }, [flujo.data, fugas.data, timeZone, dias, intervalo, compact]);

  const error = <LoadError> No se pudieron obtener los datos de utilidades.</LoadError>;
  if (!fecha) return dia.isError ? error : <Loading />;

  const detalleDe = (tarjetas: readonly Tarjeta[]) => (nombre: string) =>
    setDetalle(tarjetas.find((t) => t.variable.nombre === nombre)?.detalle ?? null);
  const notaDe = (tarjetas: readonly Tarjeta[]) => (nombre: string) =>
    tarjetas.find((t) => t.variable.nombre === nombre)?.nota;
  const periodo = dias === 1 ? 'día' : 'rango';
  const textoRango =
    rango && dias > 1 ? `${formatFecha(rango.desde)} – ${formatFecha(rango.hasta)}` : undefined;
  const validos = intervalosValidos(dias);
  const listo = consumos.data && !consumos.isPlaceholderData && rango ? rango.hasta : undefined;
  const c = consumos.data;
  const seccionC = comoSeccion(c ? tarjetasC : tarjetasConsumo(PLACEHOLDER, fecha));
  const seccionF = comoSeccion(fugas.data ? tarjetasF : tarjetasFugas(FUGAS_VACIAS, fecha));

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <ProductionDayBar
        {...dia}
        fecha={fecha}
        onChange={dia.setFecha}
        label={dias > 1 ? 'Hasta el día' : undefined}
      >
        <FormControl size="small" sx={{ minWidth: 112 }}>
          <InputLabel id="utilidades-rango">Rango</InputLabel>
          <Select
            labelId="utilidades-rango"
            label="Rango"
            value={String(dias)}
            data-testid="selector-rango"
            onChange={(e) => setParam(DIAS_PARAM, e.target.value === '1' ? null : e.target.value)}
          >
            {DIAS_RANGO.map((d) => (
              <MenuItem key={d} value={String(d)}>
                {ETIQUETA_DIAS[d]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 112 }}>
          <InputLabel id="utilidades-intervalo">Intervalo</InputLabel>
          <Select
            labelId="utilidades-intervalo"
            label="Intervalo"
            value={intervalo}
            data-testid="selector-intervalo"
            onChange={(e) => setParam(INTERVALO_PARAM, e.target.value as Intervalo)}
          >
            {INTERVALOS.map((i) => (
              <MenuItem key={i.valor} value={i.valor} disabled={!validos.includes(i.valor)}>
                {i.etiqueta}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {textoRango && (
          <Typography variant="body2" color="text.secondary" data-testid="texto-rango">
            {textoRango}
          </Typography>
        )}
      </ProductionDayBar>

      {(consumos.isError || fugas.isError || flujo.isError) && error}

      <Box
        data-testid="utilidades"
        data-fecha={listo}
        data-dias={dias}
        aria-busy={consumos.isFetching}
        sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 }, minWidth: 0 }}
      >
        <KpiSection
          titulo="Consumo por unidad producida"
          descripcion={
            c
              ? `Producción ${formatNumber(c.produccion_cu)} CU · ${formatNumber(c.litros)} L · ${formatNumber(
                  c.botellas,
                )} botellas`
              : '\u00a0' // its line kept while the figures load: nothing below moves (CLS)
          }
          variables={seccionC.variables}
          resumen={c ? seccionC.resumen : undefined}
          loading={consumos.isPlaceholderData}
          seleccionada={seleccionado?.nombre}
          onSelect={(nombre) =>
            setParam(INDICADOR_PARAM, indicadores.find((i) => i.nombre === nombre)?.clave ?? null)
          }
          onDetails={detalleDe(tarjetasC)}
          nota={() => undefined}
          periodo={periodo}
          testId="kpis-consumo"
        />

        {seleccionado ? (
          <ChartCard
            titulo={`${seleccionado.nombre} (${seleccionado.unidad})`}
            subtitulo={
              dias === 1
                ? `Día ${formatFecha(fecha)}`
                : `Por día, ${textoRango ?? ''} · rango completo ${formatNumber(
                    seleccionado.valor,
                    seleccionado.decimales,
                  )}`
            }
            ariaLabel={`${seleccionado.nombre} por día frente a la meta`}
            onDetails={() => setDetalle(seleccionado.variable_detalle)}
          >
            <Chart
              option={consumoOption}
              loading={consumos.isLoading || consumos.isPlaceholderData}
              height={compact ? 240 : 300}
              ariaLabel={`${seleccionado.nombre} por día del rango frente a la meta`}
              testId="chart-consumo"
            />
          </ChartCard>
        ) : (
          consumos.isLoading && (
            // The chart's card while the first figures load, as tall as it will be (CLS).
            <ChartCard
              titulo="Consumo por unidad producida"
              subtitulo={'\u00a0'}
              ariaLabel="Consumo por día"
              busy
            >
              <Box sx={{ height: compact ? 240 : 300 }} />
            </ChartCard>
          )
        )}

        <KpiSection
          titulo="Fugas de aire comprimido"
          descripcion="Flujo medio sin producción ÷ flujo medio"
          variables={seccionF.variables}
          resumen={fugas.data ? seccionF.resumen : undefined}
          loading={fugas.isPlaceholderData}
          onDetails={detalleDe(tarjetasF)}
          nota={notaDe(tarjetasF)}
          periodo={periodo}
          mesAnio={false}
          testId="kpis-fugas"
        />

        <ChartCard
          titulo="Aire comprimido por línea (Nm³/h)"
          subtitulo={`Media por intervalo de ${INTERVALOS.find((i) => i.valor === intervalo)?.etiqueta ?? intervalo}${
            textoRango ? ` · ${textoRango}` : ` · ${formatFecha(fecha)}`
          }`}
          ariaLabel="Flujo de aire comprimido de las líneas 1 y 2"
          onDetails={() => setDetalle(FLUJO_LINEA_1)}
        >
          <Chart
            option={flujoOption}
            loading={flujo.isLoading || flujo.isPlaceholderData}
            height={compact ? 260 : 320}
            ariaLabel="Flujo de aire comprimido de las líneas 1 y 2 por intervalo"
            testId="chart-flujo-aire"
          />
        </ChartCard>
      </Box>

      <LazyVariableDetailsDialog
        nombre={detalle}
        fecha={fecha}
        hoy={dia.today}
        onClose={() => setDetalle(null)}
      />
    </Box>
  );
}

/** The cards' titles while the first figures load (skeletons under them). */
const PLACEHOLDER = [
  ['agua', 'Agua por litro producido', 'L/L'],
  ['electricidad', 'Electricidad por litro', 'kWh/L'],
  ['gas', 'Gas por 1.000 L', 'm³/1.000 L'],
  ['aire_botellas', 'Aire por 1.000 botellas', 'Nm³/1.000 bot.'],
  ['aire_especifico', 'Energía de compresores por Nm³', 'kWh/Nm³'],
].map(([clave, nombre, unidad]) => ({
  clave: clave!,
  nombre: nombre!,
  unidad: unidad!,
  decimales: 2,
  variable_detalle: '',
  valor: null,
  mensual: null,
  anual: null,
  meta: null,
}));

const FUGAS_VACIAS = {
  minutos: 0,
  minutos_sin_produccion: 0,
  flujo_medio: null,
  flujo_sin_produccion: null,
  fugas_pct: null,
  meta: null,
  lineas: [],
};
