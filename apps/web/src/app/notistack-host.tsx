import { Box, Typography } from '@mui/material';
import { enqueueSnackbar, SnackbarProvider, type VariantType } from 'notistack';
import { useEffect } from 'react';
import { attachNotifier, NOTIFICATION_TIMEOUT_MS, type NotifyType } from '../lib/notify.tsx';

const VARIANT: Record<NotifyType, VariantType> = {
  negative: 'error',
  warning: 'warning',
  positive: 'success',
  info: 'info',
};

/** notistack's container and the notifications' look: a title line and an optional caption. */
export default function NotistackHost() {
  // The provider registers enqueueSnackbar when it mounts, before this effect runs.
  useEffect(
    () =>
      attachNotifier(({ type, message, caption }) => {
        enqueueSnackbar(
          <Box role={type === 'negative' || type === 'warning' ? 'alert' : 'status'}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {message}
            </Typography>
            {caption && (
              <Typography variant="caption" component="div" sx={{ opacity: 0.9 }}>
                {caption}
              </Typography>
            )}
          </Box>,
          { variant: VARIANT[type], autoHideDuration: NOTIFICATION_TIMEOUT_MS },
        );
      }),
    [],
  );
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={NOTIFICATION_TIMEOUT_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    />
  );
}
