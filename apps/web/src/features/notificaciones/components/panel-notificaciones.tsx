import { Alert, Box, Button, Chip, CircularProgress, Divider, Popover, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify.tsx';
import {
  marcarLeidas,
  type NotificacionCampana,
  notificacionesKey,
  useNotificaciones,
} from '../api/notificaciones.ts';
import {
  ESTADO_ALARMA_LABEL,
  formatInstante,
  formatMedida,
  SEVERIDAD_COLOR,
  SEVERIDAD_LABEL,
} from '../../../components/alarmas/etiquetas.ts';
import { lazyDialog } from '../../../components/feedback/lazy-dialog.tsx';
import type { ReconocerDialogProps } from '../../../components/alarmas/reconocer-dialog.tsx';

const ReconocerDialog = lazyDialog<ReconocerDialogProps>(
  () => import('../../../components/alarmas/reconocer-dialog.tsx').then((m) => m.ReconocerDialog),
  (p) => p.alarma !== null,
);

export interface PanelNotificacionesProps {
  /** The bell (null: closed). */
  anchor: HTMLElement | null;
  /** The live unread count: the list reloads when it changes. */
  noLeidas: number;
  onClose: () => void;
}

/** The bell's list: newest first, mark as read, follow the link, acknowledge an active alarm. */
export function PanelNotificaciones({ anchor, noLeidas, onClose }: PanelNotificacionesProps) {
  const open = anchor !== null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const lista = useNotificaciones();
  const [reconocer, setReconocer] = useState<{ id: string; origen: string } | null>(null);
  const [marcando, setMarcando] = useState(false);

  // A new notification (or one read elsewhere) changes the count: the list follows.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: notificacionesKey });
  }, [noLeidas, queryClient]);

  const marcar = async (ids?: string[]) => {
    setMarcando(true);
    try {
      await marcarLeidas(ids);
      await queryClient.invalidateQueries({ queryKey: notificacionesKey });
    } catch (e) {
      notify('negative', 'No se pudo marcar como leída', e instanceof Error ? e.message : String(e));
    } finally {
      setMarcando(false);
    }
  };

  const abrir = (n: NotificacionCampana) => {
    if (!n.enlace) return;
    onClose();
    if (!n.leida) void marcarLeidas([n.id]).catch(() => undefined);
    void navigate(n.enlace);
  };

  const items = lista.data?.notificaciones ?? [];
  const timeZone = lista.data?.calendarioPlanta.zona_horaria;
  const hayNoLeidas = items.some((n) => !n.leida);

  return (
    <>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': 'Notificaciones',
            sx: { width: 'min(420px, calc(100vw - 16px))', maxHeight: 'min(600px, calc(100dvh - 80px))' },
          },
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            px: 2,
            py: 1,
            flexWrap: 'wrap',
          }}
        >
          <Typography variant="subtitle1" component="h2">
            Notificaciones
          </Typography>
          <Button size="small" disabled={!hayNoLeidas || marcando} onClick={() => void marcar()}>
            Marcar todas como leídas
          </Button>
        </Box>
        <Divider />
        {lista.isLoading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={24} aria-label="Cargando notificaciones" />
          </Box>
        )}
        {lista.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            No se pudieron obtener las notificaciones: {lista.error.message}
          </Alert>
        )}
        {lista.data && items.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            No tiene notificaciones.
          </Typography>
        )}
        <Box component="ul" aria-label="Lista de notificaciones" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((n) => (
            <Box
              component="li"
              key={n.id}
              aria-label={n.titulo}
              data-leida={n.leida ? 'si' : 'no'}
              sx={{
                px: 2,
                py: 1.25,
                borderBottom: 1,
                borderColor: 'divider',
                bgcolor: n.leida ? undefined : 'action.hover',
                display: 'grid',
                gap: 0.5,
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                {n.severidad && (
                  <Chip
                    size="small"
                    label={SEVERIDAD_LABEL[n.severidad] ?? n.severidad}
                    color={SEVERIDAD_COLOR[n.severidad] ?? 'default'}
                    variant="outlined"
                  />
                )}
                <Typography variant="caption" color="text.secondary" component="span">
                  {formatInstante(n.creada, timeZone)}
                </Typography>
                {n.alarma && (
                  <Typography variant="caption" color="text.secondary" component="span">
                    · {ESTADO_ALARMA_LABEL[n.alarma.estado] ?? n.alarma.estado}
                  </Typography>
                )}
              </Box>
              <Typography variant="body2" sx={{ fontWeight: n.leida ? 400 : 700, overflowWrap: 'anywhere' }}>
                {n.titulo}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {n.mensaje}
              </Typography>
              {n.alarma && (
                <Typography variant="body2">
                  Valor {formatMedida(n.alarma.valor, n.alarma.unidad)} · Límite{' '}
                  {formatMedida(n.alarma.limite, n.alarma.unidad)}
                </Typography>
              )}
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                {n.enlace && (
                  <Button
                    size="small"
                    href={n.enlace}
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                      e.preventDefault();
                      abrir(n);
                    }}
                  >
                    Ver en la pantalla
                  </Button>
                )}
                <Box sx={{ flexGrow: 1 }} />
                {n.alarma?.estado === 'ACTIVA' && (
                  <Button
                    size="small"
                    color="warning"
                    onClick={() => setReconocer({ id: n.alarma!.id, origen: n.alarma!.origen })}
                  >
                    Reconocer
                  </Button>
                )}
                {!n.leida && (
                  <Button size="small" disabled={marcando} onClick={() => void marcar([n.id])}>
                    Marcar como leída
                  </Button>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      </Popover>
      <ReconocerDialog alarma={reconocer} onClose={() => setReconocer(null)} />
    </>
  );
}
