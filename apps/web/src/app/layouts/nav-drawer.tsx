import {
  Box,
  Divider,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { ROUTE_ICONS } from '../../components/navigation/route-icons.tsx';
import { lazyDialog } from '../../components/feedback/lazy-dialog.tsx';
import { useNav } from '../../components/navigation/use-nav.ts';

export const DRAWER_WIDTH = 272;

export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const groups = useNav();
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="Navegación principal" sx={{ overflowY: 'auto', pb: 2 }}>
      {groups.map(({ area, routes }) => (
        <List
          key={area.id}
          dense
          subheader={
            <ListSubheader component="li" sx={{ bgcolor: 'background.paper', lineHeight: '36px' }}>
              {area.title}
            </ListSubheader>
          }
        >
          {/* Every child of the <ul> is an <li> (axe "list"): the links sit inside list items. */}
          {routes.map((route) => (
            <Box component="li" key={route.path}>
              <ListItemButton
                component={RouterLink}
                to={route.path}
                selected={pathname === route.path}
                aria-current={pathname === route.path ? 'page' : undefined}
                onClick={onNavigate}
                sx={{ borderRadius: 1, mx: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 38 }}>{ROUTE_ICONS[route.path]}</ListItemIcon>
                <ListItemText primary={route.title.replace(/ \| Configuración$/, '').replace(/ ~ .*$/, '')} />
              </ListItemButton>
            </Box>
          ))}
        </List>
      ))}
    </Box>
  );
}

export function DrawerHeader() {
  return (
    <>
      <Toolbar sx={{ gap: 1.5 }}>
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
        <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
          Planta
        </Typography>
      </Toolbar>
      <Divider />
    </>
  );
}

const MobileNavDrawer = lazyDialog(
  () => import('./mobile-nav-drawer.tsx').then((m) => m.MobileNavDrawer),
  (props: { open: boolean; onClose: () => void }) => props.open,
);

/**
 * The navigation: from 900 px a permanent sidebar (plain markup, no MUI Drawer: it never slides);
 * below, a temporary drawer whose code loads when it is first opened (DESIGN §8: every screen's
 * first paint carries none of it).
 */
export function NavDrawer({
  mobileOpen,
  onClose,
  wide,
}: {
  mobileOpen: boolean;
  onClose: () => void;
  wide: boolean;
}) {
  if (wide) {
    return (
      <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}>
        <Box
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            zIndex: 'drawer',
            width: DRAWER_WIDTH,
            height: '100%',
            display: 'flex',
            flexDirection: 'column',
            overflowY: 'auto',
            bgcolor: 'background.paper',
            backgroundImage: 'none',
            borderRight: 1,
            borderColor: 'divider',
          }}
        >
          <DrawerHeader />
          <NavList />
        </Box>
      </Box>
    );
  }
  return <MobileNavDrawer open={mobileOpen} onClose={onClose} />;
}
