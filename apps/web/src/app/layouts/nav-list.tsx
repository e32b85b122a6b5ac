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
import { useNav } from '../../components/navigation/use-nav.ts';

/** What the permanent sidebar (nav-drawer.tsx) and the temporary drawer (mobile-nav-drawer.tsx) share. */

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
