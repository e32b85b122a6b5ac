import { Alert, Box } from '@mui/material';
import { isOperador } from '@planta/domain';
import { useMemo } from 'react';
import { ProductionDayBar } from '../../../components/dates/production-day-bar.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { useLineas } from '../api/lineas.ts';
import { LineaCard } from './linea-card.tsx';

/**
 * Lineas: every production line on a production day — product running, real against nominal
 * speed, activity time, bottle counts and finished product, speed hour by hour — with live values
 * from the PLCs while the day is in progress, and the line-speed, bottle-count and image-info
 * dialogs. An operator sees only their lines (`me.lineas`).
 */
export function LineasPage() {
  const dia = useProductionDate();
  const { fecha, isToday } = dia;
  const { timeZone } = usePlantCalendar();
  const lineas = useLineas();
  const { user } = useAuth();
  const visibles = useMemo(() => {
    if (!isOperador(user)) return lineas.data;
    const propias = new Set((user?.lineas ?? []).map((l) => l.id));
    return lineas.data?.filter((l) => propias.has(l.id));
  }, [lineas.data, user]);

  const error = <LoadError> Error al obtener los datos del servidor</LoadError>;
  if (!fecha || !timeZone) return dia.isError ? error : <Loading />;

  return (
    <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <ProductionDayBar {...dia} fecha={fecha} onChange={dia.setFecha} todayLabel="Día en curso · en vivo" />
      {lineas.isError && error}

      {lineas.isLoading ? (
        <Loading />
      ) : lineas.isError ? null : lineas.data?.length === 0 ? (
        <Alert severity="warning">
          Error al obtener los datos del servidor: no hay líneas de producción.
        </Alert>
      ) : visibles?.length === 0 ? (
        <Alert severity="info">No tiene líneas asignadas: pida a un administrador que se las asigne.</Alert>
      ) : (
        <Box
          data-testid="lineas"
          sx={{
            display: 'grid',
            gap: { xs: 1.5, sm: 2 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {(visibles ?? []).map((l) => (
            <LineaCard
              key={l.id}
              numero={l.numero}
              nombre={l.nombre}
              fecha={fecha}
              timeZone={timeZone}
              isToday={isToday}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
