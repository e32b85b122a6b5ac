import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { formatNumber } from '@planta/charts/format';
import type { ProductoPresentacion } from '../api/producto-presentacion.ts';
import {
  litrosPaqueteTexto,
  presentacionTexto,
  tamanoTexto,
  volumenTexto,
} from '@planta/charts/lineas/producto';
import { LineaDialog } from './linea-dialog.tsx';
import { ProductoImagen } from './producto-imagen.tsx';

export interface ProductoInfoDialogProps {
  open: boolean;
  onClose: () => void;
  /** The line's name ('Línea 1'). */
  nombre: string;
  producto: ProductoPresentacion | null;
}

function Fila({ titulo, children, testId }: { titulo: string; children: ReactNode; testId: string }) {
  return (
    <Box data-testid={testId} sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {titulo}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontVariantNumeric: 'tabular-nums', minWidth: 0 }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The image-info dialog (SPEC §2): the product's image large, and what an operator needs of the
 * presentation the line runs — product, bottle size, units and litres per pack, unit cases per
 * pack and the nominal speed on this line. No catalogue codes (HMI ids, image prefixes, colours).
 */
export function ProductoInfoDialog({ open, onClose, nombre, producto }: ProductoInfoDialogProps) {
  return (
    <LineaDialog
      open={open && producto !== null}
      onClose={onClose}
      titulo={producto ? producto.producto.descripcion : ''}
      subtitulo={
        producto
          ? `${presentacionTexto(producto.presentacion, producto.num_botellas)} · ${nombre}`
          : undefined
      }
      testId="dialogo-imagen"
      maxWidth="sm"
    >
      {producto && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'auto minmax(0, 1fr)' },
            alignItems: 'center',
            justifyItems: { xs: 'center', sm: 'stretch' },
          }}
        >
          <Box sx={{ px: 3, py: 1, borderRadius: 2, bgcolor: 'action.hover' }}>
            <ProductoImagen
              color={producto.producto.image_color}
              alt={`${producto.producto.descripcion} ${volumenTexto(producto.presentacion)}`}
              size={180}
            />
          </Box>
          <Box
            component="dl"
            sx={{
              m: 0,
              width: '100%',
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 1,
            }}
          >
            <Fila titulo="Producto" testId="info-producto">
              {producto.producto.descripcion}
            </Fila>
            <Fila titulo="Tamaño de botella" testId="info-presentacion">
              {tamanoTexto(producto.presentacion)}
            </Fila>
            <Fila titulo="Unidades por paquete" testId="info-botellas-paquete">
              {producto.num_botellas}
            </Fila>
            <Fila titulo="Volumen por paquete" testId="info-volumen-paquete">
              {litrosPaqueteTexto(producto.presentacion, producto.num_botellas)}
            </Fila>
            <Fila titulo="Cajas unitarias" testId="info-factor">
              {formatNumber(producto.presentacion.factor, 3)} CU por paquete
            </Fila>
            <Fila titulo={`Velocidad nominal (${nombre})`} testId="info-nominal">
              {producto.velocidad_nominal
                ? `${formatNumber(producto.velocidad_nominal.velocidad_botellas_minuto)} botellas/min · ${formatNumber(producto.velocidad_nominal.velocidad_paquetes_hora)} paquetes/h`
                : 'Sin velocidad nominal en esta línea'}
            </Fila>
          </Box>
        </Box>
      )}
    </LineaDialog>
  );
}
