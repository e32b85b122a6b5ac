import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import { useState } from 'react';
import { lazyDialog } from '../feedback/lazy-dialog.tsx';

const cargarDialogo = () => import('./importar-reloj-dialogo.tsx').then((m) => m.ImportarRelojDialogo);
const ImportarRelojDialogo = lazyDialog(cargarDialogo, (props) => props.abierto);

/**
 * "Importar marcaciones": the button of the HR screens. Its dialog (importar-reloj-dialogo.tsx:
 * upload, preview, per-row errors, import) is a module of its own, fetched when the pointer or the
 * keyboard reaches the button and shown on the click, so opening /recursos-humanos does not pay for
 * it (DESIGN §8: ≤ 350 KB of scripts per screen).
 */
export function ImportarRelojButton({ onImportado }: { onImportado?: () => void }) {
  const [abierto, setAbierto] = useState(false);
  const anticipar = () => void cargarDialogo().catch(() => {});
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        onPointerEnter={anticipar}
        onFocus={anticipar}
        onClick={() => setAbierto(true)}
        data-testid="importar-marcaciones"
      >
        Importar marcaciones
      </Button>
      <ImportarRelojDialogo abierto={abierto} onCerrar={() => setAbierto(false)} onImportado={onImportado} />
    </>
  );
}
