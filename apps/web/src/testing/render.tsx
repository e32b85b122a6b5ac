import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { NotificationsHost } from '../app/notifications-host.tsx';
import { theme } from '../app/theme.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders a component with the app's providers (theme, notifications, queries, router). */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
      <NotificationsHost />
    </ThemeProvider>,
  );
}
