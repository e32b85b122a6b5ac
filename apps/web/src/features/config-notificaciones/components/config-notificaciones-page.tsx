import { Box, Tab, Tabs } from '@mui/material';
import { useSearchParams } from 'react-router';
import { ReportesProgramadosPanel } from './reportes-programados-panel.tsx';
import { CorreosTab } from './correos-tab.tsx';
import { HistorialTab } from './historial-tab.tsx';
import { ReglasTab } from './reglas-tab.tsx';

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
      {tab === 0 ? (
        <ReglasTab />
      ) : tab === 1 ? (
        <HistorialTab />
      ) : tab === 2 ? (
        <ReportesProgramadosPanel />
      ) : (
        <CorreosTab />
      )}
    </Box>
  );
}
