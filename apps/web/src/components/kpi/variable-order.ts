// Moved to packages/charts (the server's PDF reports order the variables the same way).
export * from '@planta/charts/variable-order';
