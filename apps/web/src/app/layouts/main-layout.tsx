import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, IconButton, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { routeTitle, showsReportButton } from '@planta/domain';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '../../components/feedback/loading.tsx';
import { Campana } from '../../features/notificaciones/components/campana.tsx';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { DemoProgressBanner } from './demo-progress-banner.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { DRAWER_WIDTH } from './nav-list.tsx';
import { ReportButton } from './report-button.tsx';
import { UserMenu } from './user-menu.tsx';

/** Header (title, report button, connection, user menu) + navigation drawer + the screen. */
export function MainLayout() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const title = routeTitle(pathname);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar
        position="fixed"
        color="default"
        elevation={0}
        sx={{
          width: wide ? `calc(100% - ${DRAWER_WIDTH}px)` : '100%',
          ml: wide ? `${DRAWER_WIDTH}px` : 0,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Toolbar sx={{ gap: 0.5, px: { xs: 1, sm: 2 } }}>
          {!wide && (
            <IconButton
              edge="start"
              color="inherit"
              aria-label="Abrir navegación"
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography
            variant="h6"
            component="h1"
            noWrap
            sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: '1rem', sm: '1.25rem' } }}
          >
            {title}
          </Typography>
          {showsReportButton(pathname) && <ReportButton wide={wide} />}
          <Campana />
          <ConnectionIndicator />
          <UserMenu />
        </Toolbar>
      </AppBar>
      <NavDrawer wide={wide} mobileOpen={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 }, pt: { xs: 9, sm: 11 } }}>
        <DemoProgressBanner />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
