export * from './types.ts';
export { createPlantModel, productionDayOf } from './model.ts';
export { factorCu, productoPresentacionDeFormato } from './reference.ts';
export { DERIVADAS } from './variables.ts';
export * from './opc.ts';
export { efficiencies, timeModel, type TimeModel, type TimeModelInput } from './efficiency.ts';
