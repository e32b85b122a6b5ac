import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { NOTIFICATION_TIMEOUT_MS } from '../lib/notify.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { AppRoutes } from './router.tsx';
import { SessionProvider } from './session.tsx';
import { theme } from './theme.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <SnackbarProvider
        maxSnack={4}
        autoHideDuration={NOTIFICATION_TIMEOUT_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <SessionProvider>
              <AppRoutes />
            </SessionProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
