import { Box, Tab, Tabs } from '@mui/material';
import { createElement, lazy, Suspense } from 'react';
import { useSearchParams } from '../../../lib/search-params.ts';
import { Loading } from '../../../components/feedback/loading.tsx';
import { ReglasTab } from './reglas-tab.tsx';

// The other tabs load when opened; the history with the date pickers' provider its filters need.
const HistorialTab = lazy(() =>
  Promise.all([import('./historial-tab.tsx'), import('../../../components/dates/dates-provider.tsx')]).then(
    ([{ HistorialTab: Historial }, { DatesProvider }]) => ({
      default: () => createElement(DatesProvider, null, createElement(Historial)),
    }),
  ),
);
const ReportesProgramadosPanel = lazy(() =>
  import('./reportes-programados-panel.tsx').then((m) => ({ default: m.ReportesProgramadosPanel })),
);
const CorreosTab = lazy(() => import('./correos-tab.tsx').then((m) => ({ default: m.CorreosTab })));

/**
 * The tabs, as kept in the address (`?tab=`): the rules (no parameter), the history, the scheduled
 * reports, the e-mail outbox.
 */
const TABS = ['', 'historial', 'reportes', 'correos'] as const;

/**
 * /configuracion/notificaciones "Notificaciones | Configuración": the rules, the alarm history,
 * the scheduled reports and the e-mails sent (or failed).
 */
export function ConfigNotificacionesPage() {
  const [params, setParams] = useSearchParams();
  const tab = Math.max(0, TABS.indexOf((params.get('tab') ?? '') as (typeof TABS)[number]));
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_e, value: number) =>
          setParams(TABS[value] ? { tab: TABS[value] } : {}, { replace: true })
        }
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Notificaciones"
        sx={{ minWidth: 0 }}
      >
        <Tab label="Reglas" />
        <Tab label="Historial de alarmas" />
        <Tab label="Reportes programados" />
        <Tab label="Correos enviados" />
      </Tabs>
      <Suspense fallback={<Loading />}>
        {tab === 0 ? (
          <ReglasTab />
        ) : tab === 1 ? (
          <HistorialTab />
        ) : tab === 2 ? (
          <ReportesProgramadosPanel />
        ) : (
          <CorreosTab />
        )}
      </Suspense>
    </Box>
  );
}
