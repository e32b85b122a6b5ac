import { factorCu, litresOf, UNIT_CASE_LITRES } from '@planta/domain';
import type {
  LineaRef,
  PresentacionRef,
  ProductoPresentacionRef,
  ProductoRef,
  VelocidadNominalRef,
  ZwClasificacionRef,
} from './types.ts';

/** Litres in one unit case (24 × 8 US fl oz): the domain's (DOMAIN "Volume"). */
export const LITROS_POR_CU = UNIT_CASE_LITRES;

export const PLANTA = 'Planta';

export const LINEAS: LineaRef[] = [
  { numero: 0, nombre: 'Planta', sufijo: '' },
  { numero: 1, nombre: 'Línea 1', sufijo: '_561' },
  { numero: 2, nombre: 'Línea 2', sufijo: '_562' },
  { numero: 3, nombre: 'Línea 3', sufijo: '_563' },
  { numero: 4, nombre: 'Línea 4', sufijo: '_564' },
];

export const PRODUCTION_LINES = [1, 2, 3, 4] as const;

export function sufijoDe(linea: number): string {
  const ref = LINEAS.find((l) => l.numero === linea);
  if (!ref) throw new RangeError(`Línea inexistente: ${linea}`);
  return ref.sufijo;
}

export const PRODUCTOS: ProductoRef[] = [
  { key: 'cola-original', descripcion: 'Cola Original', imagePrefix: 'cola-original', imageColor: '#c62828' },
  {
    key: 'cola-sin-azucar',
    descripcion: 'Cola Sin Azúcar',
    imagePrefix: 'cola-sin-azucar',
    imageColor: '#212121',
  },
  { key: 'naranja', descripcion: 'Naranja', imagePrefix: 'naranja', imageColor: '#ef6c00' },
  { key: 'limon', descripcion: 'Limón', imagePrefix: 'limon', imageColor: '#7cb342' },
  { key: 'pina', descripcion: 'Piña', imagePrefix: 'pina', imageColor: '#f9a825' },
  { key: 'ginger-ale', descripcion: 'Ginger Ale', imagePrefix: 'ginger-ale', imageColor: '#8d6e63' },
  {
    key: 'agua-sin-gas',
    descripcion: 'Agua Mineral sin Gas',
    imagePrefix: 'agua-sin-gas',
    imageColor: '#0288d1',
  },
  {
    key: 'agua-con-gas',
    descripcion: 'Agua Mineral con Gas',
    imagePrefix: 'agua-con-gas',
    imageColor: '#4fc3f7',
  },
];

/** Products without sugar (for the sugar yield) and without CO₂ (for the CO₂ yield). */
export const SIN_AZUCAR = new Set(['cola-sin-azucar', 'agua-sin-gas', 'agua-con-gas']);
export const SIN_GAS = new Set(['agua-sin-gas']);

interface PresentacionDef {
  key: string;
  volumen: number;
  unidMedida: 'ml' | 'L';
  numBotellas: number;
  envase: 'PET' | 'LATA' | 'VIDRIO' | 'PET_RETORNABLE';
}

const PRESENTACION_DEFS: PresentacionDef[] = [
  { key: '250ml-24', volumen: 250, unidMedida: 'ml', numBotellas: 24, envase: 'VIDRIO' },
  { key: '355ml-12', volumen: 355, unidMedida: 'ml', numBotellas: 12, envase: 'LATA' },
  { key: '400ml-12', volumen: 400, unidMedida: 'ml', numBotellas: 12, envase: 'PET' },
  { key: '600ml-12', volumen: 600, unidMedida: 'ml', numBotellas: 12, envase: 'PET' },
  { key: '1l-12', volumen: 1, unidMedida: 'L', numBotellas: 12, envase: 'PET' },
  { key: '1.5l-12', volumen: 1.5, unidMedida: 'L', numBotellas: 12, envase: 'PET' },
  { key: '2l-6', volumen: 2, unidMedida: 'L', numBotellas: 6, envase: 'PET' },
  { key: '2.25l-6', volumen: 2.25, unidMedida: 'L', numBotellas: 6, envase: 'PET' },
  { key: '2.5l-8', volumen: 2.5, unidMedida: 'L', numBotellas: 8, envase: 'PET_RETORNABLE' },
  { key: '3l-6', volumen: 3, unidMedida: 'L', numBotellas: 6, envase: 'PET' },
];

export const PRESENTACIONES: PresentacionRef[] = PRESENTACION_DEFS.map((p) => ({
  key: p.key,
  volumen: p.volumen,
  unidMedida: p.unidMedida,
  factor: factorCu(p.numBotellas, p.volumen, p.unidMedida),
}));

/**
 * What each line runs: presentation, nominal speed (bottles per minute) and the products with their
 * share of the line's schedule. Line 1 small PET, line 2 family PET, line 3 cans, line 4 returnable
 * glass and refillable PET (DOMAIN "Line speeds").
 */
interface LineMix {
  linea: number;
  presentacion: string;
  bpm: number;
  productos: [productoKey: string, weight: number][];
}

const LINE_MIX: LineMix[] = [
  {
    linea: 1,
    presentacion: '600ml-12',
    bpm: 667, // 40,000 bph
    productos: [
      ['cola-original', 30],
      ['cola-sin-azucar', 10],
      ['naranja', 8],
      ['limon', 6],
      ['pina', 4],
      ['agua-sin-gas', 10],
      ['agua-con-gas', 4],
    ],
  },
  {
    linea: 1,
    presentacion: '400ml-12',
    bpm: 750, // 45,000 bph
    productos: [
      ['cola-original', 8],
      ['cola-sin-azucar', 3],
      ['naranja', 3],
    ],
  },
  {
    linea: 1,
    presentacion: '1l-12',
    bpm: 400, // 24,000 bph
    productos: [
      ['cola-original', 6],
      ['agua-sin-gas', 4],
    ],
  },
  {
    linea: 2,
    presentacion: '1.5l-12',
    bpm: 300, // 18,000 bph
    productos: [
      ['cola-original', 8],
      ['naranja', 4],
      ['agua-sin-gas', 8],
    ],
  },
  {
    linea: 2,
    presentacion: '2l-6',
    bpm: 200, // 12,000 bph
    productos: [
      ['cola-original', 14],
      ['cola-sin-azucar', 5],
      ['naranja', 5],
      ['limon', 3],
      ['pina', 3],
      ['ginger-ale', 2],
    ],
  },
  { linea: 2, presentacion: '2.25l-6', bpm: 190, productos: [['cola-original', 6]] },
  {
    linea: 2,
    presentacion: '3l-6',
    bpm: 150, // bigger bottles: fewer bottles, more CU per hour
    productos: [
      ['cola-original', 8],
      ['naranja', 3],
    ],
  },
  {
    linea: 3,
    presentacion: '355ml-12',
    bpm: 600, // 36,000 cans per hour
    productos: [
      ['cola-original', 20],
      ['cola-sin-azucar', 10],
      ['ginger-ale', 5],
      ['agua-con-gas', 3],
      ['naranja', 5],
      ['limon', 3],
    ],
  },
  {
    linea: 4,
    presentacion: '250ml-24',
    bpm: 400, // returnable glass
    productos: [
      ['cola-original', 10],
      ['naranja', 4],
      ['ginger-ale', 3],
    ],
  },
  {
    linea: 4,
    presentacion: '2.5l-8',
    bpm: 140,
    productos: [
      ['cola-original', 12],
      ['naranja', 4],
    ],
  },
];

/** Everything the simulation needs about one product-presentation on its line. */
export interface LineProduct {
  key: string; // ProductoPresentacionRef.key
  productoKey: string;
  presentacionKey: string;
  linea: number;
  codigo: number; // formato on the line's HMI
  numBotellas: number;
  litros: number; // per bottle
  factor: number; // CU per pack
  bpm: number;
  weight: number;
  envase: PresentacionDef['envase'];
}

function buildLineProducts(): LineProduct[] {
  const result: LineProduct[] = [];
  const nextCode = new Map<number, number>();
  for (const mix of LINE_MIX) {
    const pres = PRESENTACION_DEFS.find((p) => p.key === mix.presentacion);
    if (!pres) throw new Error(`Presentación desconocida: ${mix.presentacion}`);
    for (const [productoKey, weight] of mix.productos) {
      // Codes 101…, 201…, 301…, 401… make a formato identify its line at a glance.
      const codigo = nextCode.get(mix.linea) ?? mix.linea * 100 + 1;
      nextCode.set(mix.linea, codigo + 1);
      result.push({
        key: `${productoKey}-${pres.key}`,
        productoKey,
        presentacionKey: pres.key,
        linea: mix.linea,
        codigo,
        numBotellas: pres.numBotellas,
        litros: litresOf(pres.volumen, pres.unidMedida),
        factor: factorCu(pres.numBotellas, pres.volumen, pres.unidMedida),
        bpm: mix.bpm,
        weight,
        envase: pres.envase,
      });
    }
  }
  return result;
}

export const LINE_PRODUCTS: LineProduct[] = buildLineProducts();

export function lineProductsOf(linea: number): LineProduct[] {
  return LINE_PRODUCTS.filter((p) => p.linea === linea);
}

const BY_CODE = new Map(LINE_PRODUCTS.map((p) => [`${p.linea}:${p.codigo}`, p]));

/** The product-presentation a line's formato code stands for, or null (0 or unknown code). */
export function productoPresentacionDeFormato(linea: number, formato: number): LineProduct | null {
  return BY_CODE.get(`${linea}:${formato}`) ?? null;
}

export const PRODUCTO_PRESENTACIONES: ProductoPresentacionRef[] = LINE_PRODUCTS.map((p) => ({
  key: p.key,
  productoKey: p.productoKey,
  presentacionKey: p.presentacionKey,
  numBotellas: p.numBotellas,
  hmiLinea1Id: p.linea === 1 ? p.codigo : null,
  hmiLinea2Id: p.linea === 2 ? p.codigo : null,
  hmiLinea3Id: p.linea === 3 ? p.codigo : null,
  hmiLinea4Id: p.linea === 4 ? p.codigo : null,
}));

export const VELOCIDADES_NOMINALES: VelocidadNominalRef[] = LINE_PRODUCTS.map((p) => ({
  productoPresentacionKey: p.key,
  lineaNumero: p.linea,
  velocidadBotellasMinuto: p.bpm,
  velocidadPaquetesHora: (p.bpm * 60) / p.numBotellas,
}));

/** Nominal CU per hour of a product on its line. */
export function nominalCuHora(p: LineProduct): number {
  return (p.bpm * 60 * p.litros) / LITROS_POR_CU;
}

/** Schedule-weighted nominal CU/h of a line: the capacity the yearly plan is built on. */
export function typicalCuHora(linea: number): number {
  const products = lineProductsOf(linea);
  const total = products.reduce((s, p) => s + p.weight, 0);
  return products.reduce((s, p) => s + nominalCuHora(p) * p.weight, 0) / total;
}

export const ZW_CLASIFICACIONES: ZwClasificacionRef[] = [
  { descripcion: 'Lodos PTA', aprovechable: true },
  { descripcion: 'Cartón/papel', aprovechable: true },
  { descripcion: 'PET (preformas y botellas)', aprovechable: true },
  { descripcion: 'Madera/estibas', aprovechable: true },
  { descripcion: 'Film stretch/termoencogible', aprovechable: true },
  { descripcion: 'Tapas', aprovechable: true },
  { descripcion: 'Etiquetas', aprovechable: true },
  { descripcion: 'Vidrio', aprovechable: true },
  { descripcion: 'Chatarra/aluminio', aprovechable: true },
  { descripcion: 'Orgánicos', aprovechable: true },
  { descripcion: 'Aceites usados (RESPEL)', aprovechable: true },
  { descripcion: 'Ordinarios (no aprovechable)', aprovechable: false },
];
