import { Alert, Box, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { horaPlanta, isOperador } from '@planta/domain';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { usePlantCalendar } from '../../../components/dates/use-plant-calendar.ts';
import { LoadError } from '../../../components/feedback/load-error.tsx';
import { Loading } from '../../../components/feedback/loading.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { prepareNotifications } from '../../../lib/notify.tsx';
import { useCambiarParams } from '../../../lib/use-url-params.ts';
import {
  useCategoriasParo,
  useParosEnVivo,
  useParosLineas,
  useParosTurno,
  useUmbralMicroparo,
} from '../api/paros.ts';
import { useAhora } from '../hooks/use-ahora.ts';
import { usePendientes } from '../hooks/use-pendientes.ts';
import { esperaMotivo, motivosDeLinea } from '../utils/paros.ts';
import { ParoDialog } from './paro-dialog.tsx';
import { ParoFila } from './paro-fila.tsx';

const SIN_LINEAS: { id: string; numero: number; nombre: string }[] = [];

/**
 * Paros: the stops of the current shift on a line, newest first and live, for the operator at the
 * line with a phone in hand. Tapping a stop opens its sheet to give the reason (or split it);
 * reasons given without a connection wait on the phone and are sent when it returns.
 */
export function ParosPage() {
  const { user } = useAuth();
  const operador = isOperador(user);
  // Its messages ("Sin conexión…", "Motivo enviado") must show without a connection too.
  useEffect(prepareNotifications, []);
  const todas = useParosLineas(!operador);
  const lineas = useMemo(
    () => [...((operador ? user?.lineas : todas.data) ?? SIN_LINEAS)].sort((a, b) => a.numero - b.numero),
    [operador, user?.lineas, todas.data],
  );
  const [params] = useSearchParams();
  const cambiarParams = useCambiarParams();
  const lineaId = lineas.find((l) => l.id === params.get('linea'))?.id ?? lineas[0]?.id ?? null;

  const { timeZone } = usePlantCalendar();
  const turno = useParosTurno(lineaId);
  useParosEnVivo(lineaId);
  const categorias = useCategoriasParo();
  const umbral = useUmbralMicroparo(lineaId);
  const { pendientes, guardar } = usePendientes(user?.id);
  const [abiertoId, setAbiertoId] = useState<string | null>(null);

  const items = turno.data?.items ?? [];
  const ahora = useAhora(items.some((p) => !p.fin));
  const sinMotivo = items.filter((p) => !pendientes.has(p.id) && esperaMotivo(p, ahora, umbral)).length;
  const abierto = items.find((p) => p.id === abiertoId);
  const delaLinea = useMemo(
    () => (lineaId ? motivosDeLinea(categorias.data ?? [], lineaId) : []),
    [categorias.data, lineaId],
  );

  if (!operador && todas.isLoading) return <Loading />;
  if (!operador && todas.isError) return <LoadError>Error al obtener las líneas del servidor</LoadError>;
  if (lineas.length === 0)
    return (
      <Alert severity="info">
        {operador
          ? 'No tiene líneas asignadas: pida a un administrador que se las asigne.'
          : 'No hay líneas de producción.'}
      </Alert>
    );

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1200, mx: 'auto', width: '100%', minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: { xs: 1.5, sm: 2 },
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <TextField
          select
          label="Línea"
          value={lineaId ?? ''}
          onChange={(e) => cambiarParams({ linea: e.target.value })}
          sx={{ width: { xs: '100%', sm: 320 } }}
        >
          {lineas.map((l) => (
            <MenuItem key={l.id} value={l.id} sx={{ minHeight: 48 }}>
              {l.nombre}
            </MenuItem>
          ))}
        </TextField>
        {turno.data && timeZone && (
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {/^turno\b/i.test(turno.data.turno_nombre)
                ? turno.data.turno_nombre
                : `Turno ${turno.data.turno_nombre}`}{' '}
              · {horaPlanta(turno.data.desde, timeZone)}–{horaPlanta(turno.data.hasta, timeZone)}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Chip size="small" label={items.length === 1 ? '1 paro' : `${items.length} paros`} />
              {sinMotivo > 0 && (
                <Chip
                  size="small"
                  color="warning"
                  label={sinMotivo === 1 ? '1 sin motivo' : `${sinMotivo} sin motivo`}
                />
              )}
              {pendientes.size > 0 && (
                <Chip
                  size="small"
                  color="info"
                  label={`${pendientes.size} pendiente${pendientes.size === 1 ? '' : 's'} de envío`}
                />
              )}
            </Stack>
          </Stack>
        )}
      </Box>

      {turno.isError && <LoadError>Error al obtener los paros: {turno.error.message}</LoadError>}
      {categorias.isError && (
        <LoadError>Error al obtener los motivos de paro: {categorias.error.message}</LoadError>
      )}
      {turno.isLoading || !timeZone ? (
        <Loading />
      ) : turno.data && items.length === 0 ? (
        <Alert severity="success">Sin paros en este turno.</Alert>
      ) : (
        <Box
          component="ul"
          aria-label="Paros del turno"
          sx={{
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: 'repeat(2, minmax(0, 1fr))',
              xl: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {items.map((p) => (
            <ParoFila
              key={p.id}
              paro={p}
              pendiente={pendientes.get(p.id)}
              timeZone={timeZone}
              ahora={ahora}
              umbral={umbral}
              onAbrir={(paro) => setAbiertoId(paro.id)}
            />
          ))}
        </Box>
      )}

      {abierto && turno.data && timeZone && (
        <ParoDialog
          key={abierto.id}
          paro={abierto}
          turno={turno.data}
          categorias={delaLinea}
          pendiente={pendientes.get(abierto.id)}
          timeZone={timeZone}
          ahora={ahora}
          onGuardarPendiente={guardar}
          onClose={() => setAbiertoId(null)}
        />
      )}
    </Box>
  );
}
