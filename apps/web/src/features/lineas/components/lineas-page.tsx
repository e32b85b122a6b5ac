import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { formatFechaLarga } from '../../../components/charts/format.ts';
import { ProductionDatePicker } from '../../../components/dates/production-date-picker.tsx';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { useProductionDate } from '../../../components/dates/use-production-date.ts';
import { Loading } from '../../../components/feedback/loading.tsx';
import { useLineas } from '../api/lineas.ts';
import { LineaCard } from './linea-card.tsx';

/**
 * Lineas: every production line on a production day — product running, real against nominal
 * speed, activity time, bottle counts and finished product, speed hour by hour — with live values
 * from the PLCs while the day is in progress, and the line-speed, bottle-count and image-info
 * dialogs.
 */
export function LineasPage() {
  const { fecha, today, isToday, setFecha, isError: sinCalendario } = useProductionDate();
  const { timeZone } = usePlantCalendar();
  const lineas = useLineas();
  const queryClient = useQueryClient();

  if (sinCalendario || lineas.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => void queryClient.refetchQueries({ type: 'active' })}
          >
            Reintentar
          </Button>
        }
      >
        Error al obtener los datos del servidor
      </Alert>
    );
  }
  if (!fecha || !timeZone || lineas.isLoading) return <Loading />;

  return (
    <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Box
        component="section"
        aria-label="Día de producción"
        sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, flexWrap: 'wrap' }}
      >
        <ProductionDatePicker value={fecha} maxDate={today} onChange={setFecha} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flexWrap: 'wrap' }}>
          <Typography data-testid="fecha-larga" sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
            {formatFechaLarga(fecha)}
          </Typography>
          {isToday ? (
            <Chip size="small" color="primary" variant="outlined" label="Día en curso · en vivo" />
          ) : (
            today && (
              <Button size="small" onClick={() => setFecha(today)}>
                Ir a hoy
              </Button>
            )
          )}
        </Box>
      </Box>

      {lineas.data?.length === 0 ? (
        <Alert severity="warning">
          Error al obtener los datos del servidor: no hay líneas de producción.
        </Alert>
      ) : (
        <Box
          data-testid="lineas"
          sx={{
            display: 'grid',
            gap: { xs: 1.5, sm: 2 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {(lineas.data ?? []).map((l) => (
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
