import {
  type AxisVariable,
  buildConsumoOption,
  buildEstadosAreaOption,
  buildTendenciaAsistenciaOption,
  type DiaTendencia,
  type FilaAreaAsistencia,
  buildContadoresHoraOption,
  buildEtaOption,
  buildLinea4Option,
  buildScadaOption,
  type ScadaOptionInput,
  buildContadoresOption,
  type ContadoresOptionInput,
  buildReporteOption,
  type ReporteOptionInput,
  buildDesgloseOption,
  buildZwlOption,
  type DesgloseOptionInput,
  type ZwlOptionInput,
  buildEficienciaPagadaOption,
  buildEnergiaOption,
  buildFlujoAireOption,
  buildMttrOption,
  buildParetoOption,
  buildTrendOption,
  buildVolumenDiarioOption,
  buildVolumenMensualOption,
  type ChartOption,
  type ConsumoDiaInput,
  type DiaPagada,
  type FlujoAireInput,
  fitValueAxis,
  type MttrOptionInput,
  type TrendOptionInput,
  type VolumenDiarioInput,
  type VolumenMensualInput,
} from '@planta/charts';
import type { DiaEficiencia } from '@planta/charts/eficiencia-energetica/eta';
import type { HoraContador } from '@planta/charts/eficiencia-energetica/horas';
import type { HoraLinea4 } from '@planta/charts/eficiencia-energetica/linea4';
import { buildSemanasOption, buildTendenciaOption } from '@planta/charts/rrhh/horas-extra-option';
import type { SemanaTotal } from '@planta/charts/rrhh/semanas';

/**
 * A chart of a report as plain data: which of the screen's builders (@planta/charts) and its input.
 * Options hold functions (formatters), so the PDF thread builds them itself from this.
 */
export type Grafico =
  | { tipo: 'tendencia'; entrada: TrendOptionInput; variable: AxisVariable }
  | { tipo: 'mttr'; entrada: MttrOptionInput }
  | { tipo: 'energia'; entrada: Parameters<typeof buildEnergiaOption>[0] }
  | { tipo: 'pareto'; entrada: Parameters<typeof buildParetoOption>[0] }
  | { tipo: 'eficiencia-pagada'; entrada: DiaPagada[] }
  | { tipo: 'consumo-utilidades'; entrada: ConsumoDiaInput }
  | { tipo: 'flujo-aire'; entrada: FlujoAireInput }
  | { tipo: 'volumen-mensual'; entrada: VolumenMensualInput }
  | { tipo: 'volumen-diario'; entrada: VolumenDiarioInput }
  | { tipo: 'zwl'; entrada: ZwlOptionInput }
  | { tipo: 'desglose-zero-waste'; entrada: DesgloseOptionInput }
  | { tipo: 'reporte'; entrada: ReporteOptionInput }
  | { tipo: 'scada'; entrada: ScadaOptionInput }
  | { tipo: 'contadores-hora'; entrada: HoraContador[] }
  | { tipo: 'linea4'; entrada: HoraLinea4[] }
  | { tipo: 'estados-area'; entrada: { filas: FilaAreaAsistencia[] } }
  | { tipo: 'horas-extra-semanas'; entrada: { semanas: SemanaTotal[] } }
  | { tipo: 'horas-extra-tendencia'; entrada: { semanas: SemanaTotal[] } }
  | { tipo: 'tendencia-asistencia'; entrada: { dias: DiaTendencia[] } }
  | { tipo: 'eta'; entrada: { dias: DiaEficiencia[]; lineaNombre: string } }
  | {
      tipo: 'contadores';
      /** The axis label of each bucket by its start instant (the builder takes a function). */
      entrada: Omit<ContadoresOptionInput, 'etiqueta'> & { etiquetas: Record<string, string> };
    };

/** The option the screen draws for this chart (null: 'Sin datos'). */
export function construirOpcion(g: Grafico): ChartOption | null {
  switch (g.tipo) {
    case 'tendencia':
      return fitValueAxis(buildTrendOption(g.entrada), g.entrada.agregacion, g.variable);
    case 'mttr':
      return buildMttrOption(g.entrada);
    case 'energia':
      return buildEnergiaOption(g.entrada);
    case 'pareto':
      return buildParetoOption(g.entrada);
    case 'eficiencia-pagada':
      return buildEficienciaPagadaOption(g.entrada);
    case 'consumo-utilidades':
      return buildConsumoOption(g.entrada);
    case 'flujo-aire':
      return buildFlujoAireOption(g.entrada);
    case 'volumen-mensual':
      return buildVolumenMensualOption(g.entrada);
    case 'volumen-diario':
      return buildVolumenDiarioOption(g.entrada);
    case 'zwl':
      return buildZwlOption(g.entrada);
    case 'desglose-zero-waste':
      return buildDesgloseOption(g.entrada);
    case 'reporte':
      return buildReporteOption(g.entrada);
    case 'scada':
      return buildScadaOption(g.entrada);
    case 'contadores-hora':
      return buildContadoresHoraOption(g.entrada);
    case 'estados-area':
      return buildEstadosAreaOption(g.entrada);
    case 'horas-extra-semanas':
      return buildSemanasOption(g.entrada);
    case 'horas-extra-tendencia':
      return buildTendenciaOption(g.entrada);
    case 'tendencia-asistencia':
      return buildTendenciaAsistenciaOption(g.entrada);
    case 'linea4':
      return buildLinea4Option(g.entrada);
    case 'eta':
      return buildEtaOption(g.entrada.dias, g.entrada.lineaNombre);
    case 'contadores': {
      const { etiquetas, ...entrada } = g.entrada;
      return buildContadoresOption({ ...entrada, etiqueta: (inicio) => etiquetas[inicio] ?? inicio });
    }
  }
}
