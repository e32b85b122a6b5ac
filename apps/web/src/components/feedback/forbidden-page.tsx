import BlockIcon from '@mui/icons-material/Block';
import { MessagePage } from './message-page.tsx';

export function ForbiddenPage() {
  return (
    <MessagePage
      icon={<BlockIcon />}
      title="No autorizado"
      text="Su usuario no tiene permiso para abrir esta pantalla. Si lo necesita, pídalo a un administrador."
    />
  );
}
