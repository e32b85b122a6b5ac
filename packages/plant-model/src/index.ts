export * from './types.ts';
export { createPlantModel, productionDayOf } from './model.ts';
export { productoPresentacionDeFormato } from './reference.ts';
export { DERIVADAS } from './variables.ts';
