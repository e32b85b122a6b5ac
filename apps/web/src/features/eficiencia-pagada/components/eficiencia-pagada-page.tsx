import { Alert, Box, Card, CardContent, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { isAdmin } from '@planta/domain';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { Chart } from '../../../components/charts/chart.tsx';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { useEficienciaPagada } from '../api/eficiencia-pagada.ts';
import { LINEA_PARAM, parseLineaParam } from '../utils/eficiencia-pagada.ts';
import { buildEficienciaPagadaOption } from '@planta/charts';
import { EficienciaCard } from './eficiencia-card.tsx';
import { EficienciaPagadaDialog } from './eficiencia-pagada-dialog.tsx';

/** How often the figures of the production day in progress reload. */
const REFRESCO_HOY_MS = 60_000;

/** The dialog's scope: the plant ('planta') or a line number. */
type Dialogo = 'planta' | number | null;

/**
 * Eficiencia Pagada: per line and the plant on a production day, paid efficiency (good production
 * over nominal capacity in the shift's paid hours) against SAP's figure with the gap in pp, and
 * month and year to date as ratios of sums; the month's days of the chosen scope in a chart; the
 * paid-efficiency dialog with the day's detail (admins enter SAP's figure there). `?linea=&fecha=`
 * opens a line's day (as /mantenimiento/eficiencia links it).
 */
export function EficienciaPagadaPage() {
  const dia = useProductionDate();
  const { fecha, isToday } = dia;
  const { user } = useAuth();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const linea = parseLineaParam(params.get(LINEA_PARAM));
  // Arriving with ?linea= (a selection from another screen) opens that line's dialog once.
  const [dialogo, setDialogo] = useState<Dialogo>(() => linea);
  const query = useEficienciaPagada(fecha, { refetchInterval: isToday ? REFRESCO_HOY_MS : undefined });
  const data = query.data;

  const handleSelect = useCallback(
    (numero: number | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (numero === null) next.delete(LINEA_PARAM);
          else next.set(LINEA_PARAM, String(numero));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const seleccion = useMemo(() => {
    if (!data) return undefined;
    const l = linea === null ? undefined : data.lineas.find((x) => x.numero === linea);
    return l
      ? { nombre: l.nombre, numero: l.numero, figuras: l }
      : { nombre: 'Planta', numero: null, figuras: data.planta };
  }, [data, linea]);
  const option = useMemo(
    () => (seleccion ? buildEficienciaPagadaOption(seleccion.figuras.dias, compact) : null),
    [seleccion, compact],
  );

  const error = <LoadError> No se pudieron obtener los datos de eficiencia pagada.</LoadError>;
  if (!fecha) return dia.isError ? error : <Loading />;

  const actualizando = query.isPlaceholderData;
  const sinDatos =
    data !== undefined &&
    data.planta.dia.pagada === null &&
    data.lineas.every((l) => l.dia.pagada === null && l.dia.sap === null);
  const alcanceDialogo =
    !data || dialogo === null
      ? null
      : dialogo === 'planta'
        ? { nombre: 'Planta', numero: null, figuras: data.planta }
        : (() => {
            const l = data.lineas.find((x) => x.numero === dialogo);
            return l ? { nombre: l.nombre, numero: l.numero, figuras: l } : null;
          })();

  return (
    <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <ProductionDayBar {...dia} fecha={fecha} onChange={dia.setFecha} />
      {query.isError && error}

      {query.isLoading ? (
        <Loading />
      ) : data ? (
        <>
          {sinDatos && (
            <Alert severity="info" data-testid="eficiencia-pagada-vacia">
              No hay producción ni cifras SAP registradas para este día.
            </Alert>
          )}
          <Box
            data-testid="eficiencia-pagada-lineas"
            data-fecha={actualizando ? undefined : data.fecha}
            aria-busy={query.isFetching}
            sx={{
              display: 'grid',
              gap: { xs: 1.5, sm: 2 },
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(3, minmax(0, 1fr))',
                xl: 'repeat(5, minmax(0, 1fr))',
              },
            }}
          >
            <EficienciaCard
              nombre="Planta"
              figuras={data.planta}
              testId="eficiencia-planta"
              selected={seleccion?.numero === null}
              loading={actualizando}
              onSelect={() => handleSelect(null)}
              onDetails={() => setDialogo('planta')}
            />
            {data.lineas.map((l) => (
              <EficienciaCard
                key={l.numero}
                nombre={l.nombre}
                figuras={l}
                testId={`eficiencia-linea-${l.numero}`}
                selected={seleccion?.numero === l.numero}
                loading={actualizando}
                onSelect={() => handleSelect(l.numero)}
                onDetails={() => setDialogo(l.numero)}
              />
            ))}
          </Box>
          <Card variant="outlined" sx={{ minWidth: 0 }}>
            <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
              <Typography variant="subtitle1" component="h2">
                {seleccion?.nombre ?? 'Planta'}: eficiencia pagada y SAP por día del mes
              </Typography>
              <Chart
                option={option}
                loading={query.isFetching}
                height={compact ? 260 : 320}
                ariaLabel={`Eficiencia pagada y SAP por día: ${seleccion?.nombre ?? 'Planta'}`}
                testId="grafico-eficiencia-pagada"
              />
            </CardContent>
          </Card>
        </>
      ) : null}

      {data && (
        <EficienciaPagadaDialog
          alcance={alcanceDialogo}
          fecha={data.fecha}
          puedeRegistrarSap={isAdmin(user)}
          onClose={() => setDialogo(null)}
        />
      )}
    </Box>
  );
}
