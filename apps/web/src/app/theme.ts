import { esES as coreEsES } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { esES as gridEsES } from '@mui/x-data-grid/locales';

export const theme = createTheme(
  {
    palette: {
      mode: 'dark',
      primary: { main: '#42a5f5' },
      secondary: { main: '#26a69a' },
      background: { default: '#0f1216', paper: '#161b22' },
    },
    typography: { fontFamily: 'Roboto, system-ui, sans-serif' },
    shape: { borderRadius: 8 },
    components: {
      MuiAppBar: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiDrawer: { styleOverrides: { paper: { backgroundImage: 'none' } } },
    },
  },
  coreEsES,
  gridEsES,
);
