import { formatNumber } from '../format.ts';

interface PresentacionTexto {
  volumen: number;
  unid_medida: string;
}

/** Decimals a volume needs: 600 → '600', 2.25 → '2.25', 1.5 → '1.5'. */
const decimalsOf = (n: number) => (Number.isInteger(n) ? 0 : Number.isInteger(n * 10) ? 1 : 2);

/** A presentation's volume as printed on the bottle: '600 ml', '1.5 L'. */
export function volumenTexto({ volumen, unid_medida }: PresentacionTexto): string {
  return `${formatNumber(volumen, decimalsOf(volumen))} ${unid_medida}`;
}

/** Litres in one bottle of the presentation. */
export function litrosPorBotella({ volumen, unid_medida }: PresentacionTexto): number {
  return unid_medida.toLowerCase() === 'ml' ? volumen / 1000 : volumen;
}

/** A bottle's size for the operator: '600 ml (0.6 L)', '1.5 L'. */
export function tamanoTexto(presentacion: PresentacionTexto): string {
  if (presentacion.unid_medida.toLowerCase() !== 'ml') return volumenTexto(presentacion);
  const litros = litrosPorBotella(presentacion);
  return `${volumenTexto(presentacion)} (${formatNumber(litros, decimalsOf(litros))} L)`;
}

/** The pack in words: '600 ml × 12'. */
export function presentacionTexto(presentacion: PresentacionTexto, numBotellas: number): string {
  return `${volumenTexto(presentacion)} × ${numBotellas}`;
}

/** Litres in a pack: 12 × 0.6 L → '7.2 L'. */
export function litrosPaqueteTexto(presentacion: PresentacionTexto, numBotellas: number): string {
  const litros = Math.round(litrosPorBotella(presentacion) * numBotellas * 100) / 100;
  return `${formatNumber(litros, decimalsOf(litros))} L`;
}
