import { Box } from '@mui/material';
import { lazyDialog } from '../../components/feedback/lazy-dialog.tsx';
import { DRAWER_WIDTH, DrawerHeader, NavList } from './nav-list.tsx';

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
