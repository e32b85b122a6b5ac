import {
  Box,
  ButtonBase,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { Chart } from '../../../components/charts/chart.tsx';
import { formatFecha, formatFechaCorta, formatNumber } from '@planta/charts/format';
import { brechaPp, type DiaEficiencia } from '@planta/charts/eficiencia-energetica/eta';
import { buildEtaOption } from '@planta/charts/eficiencia-energetica/eta-option';
import { Seccion } from './seccion.tsx';

export interface EtaCardProps {
  dias: readonly DiaEficiencia[];
  lineaNombre: string;
  /** datosEta is loading. */
  cargandoEta: boolean;
  /** datosEtaLinea is loading. */
  cargandoEtaLinea: boolean;
  error: boolean;
  /** A line's day was chosen (a point of the chart or a row of the table). */
  onSelect: (dia: DiaEficiencia) => void;
}

/** The ETA of the plant and of the line, and the line's paid and SAP efficiency, day by day. */
export function EtaCard({ dias, lineaNombre, cargandoEta, cargandoEtaLinea, error, onSelect }: EtaCardProps) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const option = useMemo(() => buildEtaOption(dias, lineaNombre, compact), [dias, lineaNombre, compact]);
  const filas = useMemo(
    () => [...dias].reverse().filter((d) => d.eta !== null || d.pagada !== null || d.sap !== null),
    [dias],
  );
  const desde = dias[0]?.fecha;
  const hasta = dias.at(-1)?.fecha;

  return (
    <Seccion
      titulo={`ETA de la planta y de ${lineaNombre}`}
      subtitulo={
        desde && hasta
          ? `Del ${formatFecha(desde)} al ${formatFecha(hasta)} · pulse un día para ver la eficiencia pagada`
          : undefined
      }
      testId="eta"
    >
      <Box
        data-testid="eta-estado"
        data-cargando-eta={cargandoEta}
        data-cargando-eta-linea={cargandoEtaLinea}
        data-hasta={!cargandoEta && !cargandoEtaLinea ? hasta : undefined}
      >
        {error && (
          <Box role="alert" sx={{ color: 'error.main', mb: 1 }}>
            No se pudieron obtener las series de ETA.
          </Box>
        )}
        <Chart
          option={option}
          loading={cargandoEta || cargandoEtaLinea}
          height={compact ? 260 : 300}
          ariaLabel={`ETA diaria de la planta y de ${lineaNombre}, con su eficiencia pagada y SAP (%)`}
          testId="grafico-eta"
          onItemClick={({ dataIndex }) => {
            const dia = dias[dataIndex];
            if (dia) onSelect(dia);
          }}
        />
      </Box>
      {filas.length > 0 && (
        <Box sx={{ overflow: 'auto', maxHeight: 320, mt: 1 }}>
          <Table
            size="small"
            stickyHeader
            aria-label={`Eficiencias diarias de ${lineaNombre}`}
            data-testid="tabla-eta"
          >
            <TableHead>
              <TableRow>
                <TableCell>Fecha</TableCell>
                <TableCell align="right">ETA</TableCell>
                <TableCell align="right">Pagada</TableCell>
                <TableCell align="right">SAP</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  Brecha (pp)
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {filas.map((d) => (
                // The row answers the mouse; the keyboard and screen readers use the date's button,
                // whose name begins with the date it shows (WCAG 2.5.3).
                <TableRow
                  key={d.fecha}
                  hover
                  data-fecha={d.fecha}
                  sx={{ cursor: 'pointer' }}
                  onClick={() => onSelect(d)}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <ButtonBase
                      aria-label={`${formatFechaCorta(d.fecha)}: ver eficiencia pagada de ${lineaNombre} el ${formatFecha(d.fecha)}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        onSelect(d);
                      }}
                      sx={{
                        font: 'inherit',
                        color: 'inherit',
                        textDecoration: 'underline dotted',
                        textUnderlineOffset: 3,
                        borderRadius: 0.5,
                        minHeight: 24,
                        px: 0.5,
                        mx: -0.5,
                        '&.Mui-focusVisible': { outline: '2px solid', outlineOffset: 2 },
                      }}
                    >
                      {formatFechaCorta(d.fecha)}
                    </ButtonBase>
                  </TableCell>
                  <TableCell align="right">{formatNumber(d.eta, 2)}</TableCell>
                  <TableCell align="right">{formatNumber(d.pagada, 2)}</TableCell>
                  <TableCell align="right">{formatNumber(d.sap, 2)}</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {formatNumber(brechaPp(d.pagada, d.sap), 2)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Seccion>
  );
}
