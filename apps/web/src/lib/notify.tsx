import { Box, Typography } from '@mui/material';
import { enqueueSnackbar, type VariantType } from 'notistack';

/** Notifications last 5000 ms (SPEC §9). */
export const NOTIFICATION_TIMEOUT_MS = 5000;

export type NotifyType = 'negative' | 'warning' | 'positive' | 'info';

const VARIANT: Record<NotifyType, VariantType> = {
  negative: 'error',
  warning: 'warning',
  positive: 'success',
  info: 'info',
};

/** A notification with a title line and an optional caption, as the original app showed them. */
export function notify(type: NotifyType, message: string, caption?: string): void {
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
}

export const SERVER_ERROR = {
  message: 'Ha ocurrido un problema',
  caption: '¡Algo salió mal! Inténtalo de nuevo.',
};
export const SESSION_EXPIRED = {
  message: '!Sesión Expirada!',
  caption: 'Por favor inicie sesión de nuevo para continuar.',
};
