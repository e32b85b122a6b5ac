import { Drawer } from '@mui/material';
import { DRAWER_WIDTH, DrawerHeader, NavList } from './nav-list.tsx';

/** The navigation below 900 px: a temporary drawer (loaded when first opened, see NavDrawer). */
export function MobileNavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': 'Menú de navegación' } }}
      sx={{ '& .MuiDrawer-paper': { width: Math.min(DRAWER_WIDTH, 320), boxSizing: 'border-box' } }}
    >
      <DrawerHeader />
      <NavList onNavigate={onClose} />
    </Drawer>
  );
}
