import { Box, Tab, Tabs } from '@mui/material';
import { useSearchParams } from 'react-router';
import { HistorialTab } from './historial-tab.tsx';
import { ReglasTab } from './reglas-tab.tsx';

/** /configuracion/notificaciones "Notificaciones | Configuración": the rules, and the alarm history. */
export function ConfigNotificacionesPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'historial' ? 1 : 0;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_e, value: number) =>
          setParams(value === 1 ? { tab: 'historial' } : {}, { replace: true })
        }
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Notificaciones"
        sx={{ minWidth: 0 }}
      >
        <Tab label="Reglas" />
        <Tab label="Historial de alarmas" />
      </Tabs>
      {tab === 0 ? <ReglasTab /> : <HistorialTab />}
    </Box>
  );
}
