import SearchOffIcon from '@mui/icons-material/SearchOff';
import { MessagePage } from './message-page.tsx';

export function NotFoundPage() {
  return (
    <MessagePage
      icon={<SearchOffIcon />}
      title="Página no encontrada"
      text="La dirección no corresponde a ninguna pantalla de Planta."
    />
  );
}
