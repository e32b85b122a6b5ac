import { createTheme } from '@mui/material/styles';
import { componentesEnEspanol } from './mui-es.ts';

/** The keyboard focus ring: light blue, 2 px, visible on the dark background and on primary fills. */
export const FOCUS_RING = '#90caf9';
const focusRing = { outline: `2px solid ${FOCUS_RING}`, outlineOffset: 2 } as const;

export const theme = createTheme(
  {
    palette: {
      mode: 'dark',
      primary: { main: '#42a5f5' },
      secondary: { main: '#26a69a' },
      // MUI's dark red (#f44336) is under 4.5:1 as small text on the cards and on its own 14 % tint
      // (the "bajo la meta" percentages): this lighter red is ≥ 4.9:1 there (WCAG AA).
      error: { main: '#ff7961' },
      background: { default: '#0f1216', paper: '#161b22' },
    },
    typography: { fontFamily: 'Roboto, system-ui, sans-serif' },
    shape: { borderRadius: 8 },
    components: {
      // A visible focus ring on every control reached with the keyboard (MUI's own is a faint ripple).
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': focusRing,
          // Reduced motion asked for: no sliding drawers, fades or smooth scrolling (charts: chart.tsx).
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      // A dialog's content that scrolls (the hourly table at 360 px) must be reachable with the
      // keyboard to scroll it (axe scrollable-region-focusable): the content is a tab stop.
      MuiDialogContent: {
        defaultProps: { tabIndex: 0 },
        styleOverrides: { root: { '&:focus-visible': { outlineOffset: -2 } } },
      },
      MuiAppBar: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiDrawer: { styleOverrides: { paper: { backgroundImage: 'none' } } },
    },
  },
  componentesEnEspanol,
);
