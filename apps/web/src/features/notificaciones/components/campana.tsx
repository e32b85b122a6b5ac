import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Box, IconButton } from '@mui/material';
import { useState } from 'react';
import { lazyDialog } from '../../../components/feedback/lazy-dialog.tsx';
import { useSubscription } from '../../../lib/use-subscription.ts';
import type { NotificacionesNoLeidasVivoSubscription } from '../api/no-leidas.generated.ts';
import type { PanelNotificacionesProps } from './panel-notificaciones.tsx';

/**
 * api/no-leidas.graphql as a plain string: the generated document's class would cost every
 * screen's first download bytes the header cannot spare (a test keeps both the same).
 */
export const NO_LEIDAS = 'subscription{notificacionesNoLeidas}' as unknown as DocumentTypeDecoration<
  NotificacionesNoLeidasVivoSubscription,
  Record<string, never>
> & { toString(): string };

// The list, its actions and the acknowledge dialog load when the bell is first opened: the header
// of every screen carries only the button and its count (DESIGN §8's budget).
const Panel = lazyDialog<PanelNotificacionesProps>(
  () => import('./panel-notificaciones.tsx').then((m) => m.PanelNotificaciones),
  (p) => p.anchor !== null,
);

/** The header's bell: the unread count, live over the subscription; opens the notifications. */
export function Campana() {
  const n = useSubscription(NO_LEIDAS, {})?.notificacionesNoLeidas ?? 0;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Notificaciones (${n} sin leer)`}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <NotificationsIcon />
        {n > 0 && (
          <Box
            component="span"
            aria-hidden
            sx={{
              position: 'absolute',
              top: 0,
              right: 0,
              px: 0.5,
              borderRadius: 2,
              bgcolor: 'error.main',
              color: '#fff',
              fontSize: 11,
            }}
          >
            {n > 99 ? '99+' : n}
          </Box>
        )}
      </IconButton>
      <Panel anchor={anchor} noLeidas={n} onClose={() => setAnchor(null)} />
    </>
  );
}
