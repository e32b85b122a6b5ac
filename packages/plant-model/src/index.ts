export * from './types.ts';
export { createPlantModel, productionDayOf } from './model.ts';
export { productoPresentacionDeFormato } from './reference.ts';
/** Uniform [0, 1) from integer parts: for a consumer's own deterministic draws (the demo history's). */
export { hashUnit } from './rng.ts';
export { DERIVADAS } from './variables.ts';
