import { createTheme } from '@mui/material/styles';
import { esES } from '@mui/material/locale';

export const theme = createTheme(
  {
    palette: { mode: 'dark', primary: { main: '#42a5f5' }, secondary: { main: '#26a69a' } },
    typography: { fontFamily: 'Roboto, system-ui, sans-serif' },
  },
  esES,
);
