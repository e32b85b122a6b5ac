import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import { Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { roleLabel } from '@planta/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { useLogout } from '../session.tsx';
import { Hint } from '../../components/feedback/hint.tsx';

export function UserMenu() {
  const { user } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const logout = useLogout();
  const close = () => setAnchor(null);
  return (
    <>
      <Hint title="Cuenta">
        <IconButton
          color="inherit"
          aria-label="Cuenta de usuario"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <AccountCircleIcon />
        </IconButton>
      </Hint>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem disabled sx={{ opacity: '1 !important', display: 'block' }}>
          <Typography variant="subtitle2">{user?.name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {user?.roles.map((r) => roleLabel(r.name)).join(', ') || 'Sin rol'}
          </Typography>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void navigate('/users/update-password');
          }}
        >
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          Cambiar contraseña
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Cerrar sesión
        </MenuItem>
      </Menu>
    </>
  );
}
