import { Alert, Box, Tab, Tabs } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { useDatosEta, useDatosEtaLinea, useLineas } from '../api/eficiencia.ts';
import {
  type DiaEficiencia,
  diasEficiencia,
  rangoEta,
  type SeleccionEficiencia,
  seleccionDe,
} from '@planta/charts/eficiencia-energetica/eta';
import { ContadoresCard } from './contadores-card.tsx';
import { lazyDialog } from '../../../components/feedback/lazy-dialog.tsx';
import type { EficienciaPagadaDialogProps } from './eficiencia-pagada-dialog.tsx';
import { EtaCard } from './eta-card.tsx';
import { Linea4Card } from './linea4-card.tsx';

// The paid-efficiency dialog loads when a line and day are first selected.
const EficienciaPagadaDialog = lazyDialog<EficienciaPagadaDialogProps>(
  () => import('./eficiencia-pagada-dialog.tsx').then((m) => m.EficienciaPagadaDialog),
  (props) => props.seleccion !== null,
);

/** URL parameter of the chosen line (`/mantenimiento/eficiencia?linea=2`). */
const LINEA_PARAM = 'linea';
/**
 * Height of the line tabs, the counters' card and the ETA card together (px, measured at 360–1920 px
 * with a day's data): their place while the lines load.
 */
const ALTO_LINEA_CARGANDO = { xs: 1149, sm: 1130 };

/**
 * Eficiencia Energética: on the energy-efficiency date (today from 07:00 plant time, else
 * yesterday), a line's hourly counters over 08:00 → 07:00 (energy, efficiency, kpi_energia,
 * format), the ETA of the plant and of the line over the last 30 days (datosEta, datosEtaLinea),
 * line 4's own counters (datosLinea4), and the paid-efficiency view of a chosen line and day.
 */
export function EficienciaEnergeticaPage() {
  const dia = useProductionDate({ base: 'energia' });
  const { fecha } = dia;
  const { timeZone } = usePlantCalendar();
  const lineas = useLineas();
  const [params, setParams] = useSearchParams();
  const [seleccion, setSeleccion] = useState<SeleccionEficiencia | null>(null);

  const lista = lineas.data ?? [];
  const pedida = Number(params.get(LINEA_PARAM));
  const linea = lista.find((l) => l.numero === pedida) ?? lista[0];

  const rango = fecha ? rangoEta(fecha) : undefined;
  const eta = useDatosEta(rango?.desde ?? '', rango?.hasta ?? '');
  const etaLinea = useDatosEtaLinea(rango?.desde ?? '', rango?.hasta ?? '', linea?.numero);
  const dias = useMemo(
    () => (rango ? diasEficiencia(rango.desde, rango.hasta, eta.data, etaLinea.data) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rango is derived from fecha
    [fecha, eta.data, etaLinea.data],
  );

  const handleLinea = useCallback(
    (_: unknown, numero: number) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(LINEA_PARAM, String(numero));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const handleSelect = useCallback(
    (d: DiaEficiencia | undefined) => {
      if (linea) setSeleccion(seleccionDe(linea.numero, d));
    },
    [linea],
  );

  if (!fecha)
    return dia.isError ? <LoadError>No se pudo obtener el calendario de la planta.</LoadError> : <Loading />;
  const etaCargando = eta.isLoading || eta.isPlaceholderData;
  const etaLineaCargando = linea !== undefined && (etaLinea.isLoading || etaLinea.isPlaceholderData);
  const delDia = etaLineaCargando ? undefined : dias.find((d) => d.fecha === fecha);

  return (
    <Box
      sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, minWidth: 0 }}
      data-testid="eficiencia-energetica"
      data-fecha={fecha}
    >
      <ProductionDayBar {...dia} fecha={fecha} onChange={dia.setFecha} label="Fecha de energía" />
      {lineas.isError && <LoadError>No se pudieron obtener las líneas de la planta.</LoadError>}

      {lineas.isLoading ? (
        // The place of the line tabs and the two cards (their height with a day's data), so the
        // line 4 card under them does not jump down when the lines come (CLS 0.19 before).
        <Box sx={{ minHeight: ALTO_LINEA_CARGANDO }}>
          <Loading />
        </Box>
      ) : !linea ? (
        !lineas.isError && <Alert severity="info">No hay líneas configuradas.</Alert>
      ) : (
        <>
          <Tabs
            value={linea.numero}
            onChange={handleLinea}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Línea"
            sx={{ minWidth: 0, borderBottom: 1, borderColor: 'divider' }}
          >
            {lista.map((l) => (
              <Tab key={l.id} value={l.numero} label={l.nombre} data-testid={`tab-linea-${l.numero}`} />
            ))}
          </Tabs>
          <ContadoresCard
            fecha={fecha}
            timeZone={timeZone}
            linea={linea}
            dia={delDia}
            onSelectDia={() => handleSelect(delDia)}
          />
          <EtaCard
            dias={dias}
            lineaNombre={linea.nombre}
            cargandoEta={etaCargando}
            cargandoEtaLinea={etaLineaCargando}
            error={eta.isError || etaLinea.isError}
            onSelect={handleSelect}
          />
        </>
      )}

      <Linea4Card fecha={fecha} timeZone={timeZone} />

      <EficienciaPagadaDialog
        seleccion={seleccion}
        lineaNombre={
          lista.find((l) => l.numero === seleccion?.linea)?.nombre ?? `Línea ${seleccion?.linea ?? ''}`
        }
        onClose={() => setSeleccion(null)}
      />
    </Box>
  );
}
