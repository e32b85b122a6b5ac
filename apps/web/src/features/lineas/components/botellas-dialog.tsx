import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatFechaLarga, formatNumber, formatPercent } from '@planta/charts/format';
import type { LineaProduccion } from '../hooks/use-linea-produccion.ts';
import { buildBottleCountOption } from '../utils/botellas-option.ts';
import { paletaLinea } from '../utils/paletas.ts';
import { productosDelDia, rechazoPorcentaje, totalesHoras } from '@planta/charts/lineas/produccion';
import { presentacionTexto } from '@planta/charts/lineas/producto';
import { Dato } from './dato.tsx';
import { LineaDialog } from './linea-dialog.tsx';

export interface BotellasDialogProps {
  open: boolean;
  onClose: () => void;
  numero: number;
  nombre: string;
  fecha: string;
  datos: LineaProduccion;
}

const pad = (n: number) => String(n).padStart(2, '0');
const num = (v: number | null | undefined) => formatNumber(v);
const cellSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', px: { xs: 0.75, sm: 2 } } as const;

function BotellasContenido({
  numero,
  nombre,
  datos,
}: Pick<BotellasDialogProps, 'numero' | 'nombre' | 'datos'>) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const paleta = paletaLinea(numero);
  const { horas, totales, dia, presentaciones } = datos;
  const option = useMemo(() => buildBottleCountOption({ horas, paleta, compact }), [horas, paleta, compact]);
  const suma = useMemo(() => totalesHoras(horas), [horas]);
  const total = (v: number | null) => (suma.horas === 0 ? '—' : num(v));
  const productos = useMemo(() => productosDelDia(horas), [horas]);
  const rechazo = totales ? rechazoPorcentaje(totales.botellas, totales.botellas_llenas) : null;

  return (
    <>
      <Box
        data-testid="botellas-resumen"
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(auto-fit, minmax(150px, 1fr))',
          },
        }}
      >
        <Dato
          testId="total-botellas"
          titulo="Botellas"
          valor={num(totales?.botellas)}
          detalle="contadas en la llenadora"
        />
        <Dato
          testId="total-botellas-llenas"
          titulo="Botellas llenas"
          valor={num(totales?.botellas_llenas)}
          detalle="sin las rechazadas"
        />
        <Dato
          testId="total-rechazo"
          titulo="Rechazo"
          valor={totales ? num(totales.botellas - totales.botellas_llenas) : '—'}
          detalle={rechazo === null ? undefined : `${formatPercent(rechazo, 2)} de las botellas`}
        />
        <Dato testId="total-paquetes" titulo="Paquetes" valor={num(totales?.paquetes)} />
        <Dato
          testId="total-producto-terminado"
          titulo="Producto terminado"
          valor={num(totales?.producto_terminado)}
          detalle="botellas por paquete × paquetes"
        />
      </Box>

      <Chart
        option={option}
        loading={dia.isLoading || dia.isPlaceholderData}
        height={compact ? 260 : 320}
        ariaLabel={`${nombre}: botellas llenas, producto terminado y paquetes de cada hora`}
        testId="grafico-botellas"
      />

      {productos.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Por producto
          </Typography>
          <Table size="small" data-testid="tabla-productos" aria-label={`${nombre}: producción por producto`}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ px: { xs: 0.75, sm: 2 } }}>Producto</TableCell>
                <TableCell align="right" sx={cellSx}>
                  Horas
                </TableCell>
                <TableCell align="right" sx={cellSx}>
                  Paquetes
                </TableCell>
                <TableCell align="right" sx={cellSx}>
                  P. terminado
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {productos.map((p) => {
                const pp = presentaciones.get(p.formato);
                return (
                  <TableRow key={p.formato}>
                    <TableCell sx={{ px: { xs: 0.75, sm: 2 } }}>
                      {pp
                        ? `${pp.producto.descripcion} ${presentacionTexto(pp.presentacion, pp.num_botellas)}`
                        : `Código ${p.formato}`}
                    </TableCell>
                    <TableCell align="right" sx={cellSx}>
                      {p.horas}
                    </TableCell>
                    <TableCell align="right" sx={cellSx}>
                      {num(p.paquetes)}
                    </TableCell>
                    <TableCell align="right" sx={cellSx}>
                      {num(p.productoTerminado)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}

      <Box sx={{ mt: 2 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          Por hora
        </Typography>
        <Table size="small" data-testid="tabla-botellas-hora" aria-label={`${nombre}: conteo de cada hora`}>
          <TableHead>
            <TableRow>
              <TableCell sx={cellSx}>Hora</TableCell>
              <TableCell align="right" sx={cellSx}>
                Botellas
              </TableCell>
              <TableCell align="right" sx={cellSx}>
                Llenas
              </TableCell>
              <TableCell align="right" sx={cellSx}>
                Paquetes
              </TableCell>
              <TableCell align="right" sx={cellSx}>
                {compact ? 'P. term.' : 'P. terminado'}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {horas.map((h) => (
              <TableRow key={h.hora} sx={h.lectura ? undefined : { '& td': { color: 'text.disabled' } }}>
                <TableCell sx={cellSx}>{pad(h.hora)}:00</TableCell>
                <TableCell align="right" sx={cellSx}>
                  {num(h.lectura?.botellas)}
                </TableCell>
                <TableCell align="right" sx={cellSx}>
                  {num(h.lectura?.botellas_llenas)}
                </TableCell>
                <TableCell align="right" sx={cellSx}>
                  {num(h.lectura?.paquetes)}
                </TableCell>
                <TableCell align="right" sx={cellSx}>
                  {num(h.productoTerminado)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow sx={{ '& td': { fontWeight: 500, color: 'text.primary', fontSize: '0.875rem' } }}>
              <TableCell sx={cellSx}>Total</TableCell>
              <TableCell align="right" sx={cellSx} data-testid="suma-botellas">
                {total(suma.botellas)}
              </TableCell>
              <TableCell align="right" sx={cellSx}>
                {total(suma.botellas_llenas)}
              </TableCell>
              <TableCell align="right" sx={cellSx}>
                {total(suma.paquetes)}
              </TableCell>
              <TableCell align="right" sx={cellSx} data-testid="suma-producto-terminado">
                {total(suma.productoTerminado)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </Box>
    </>
  );
}

/**
 * The bottle-count dialog (SPEC §2): the day's bottles, filled bottles, rejects, packs and finished
 * product (bottles per pack × packs), hour by hour from 08:00 to 07:00 (empty hours shown as
 * such), and by product.
 */
export function BotellasDialog({ open, onClose, fecha, ...props }: BotellasDialogProps) {
  return (
    <LineaDialog
      open={open}
      onClose={onClose}
      titulo={`Conteo de botellas de ${props.nombre}`}
      subtitulo={
        <Box
          component="span"
          sx={{ '&::first-letter': { textTransform: 'uppercase' }, display: 'inline-block' }}
        >
          {formatFechaLarga(fecha)} · 08:00 → 07:59
        </Box>
      }
      testId="dialogo-botellas"
    >
      <BotellasContenido {...props} />
    </LineaDialog>
  );
}
