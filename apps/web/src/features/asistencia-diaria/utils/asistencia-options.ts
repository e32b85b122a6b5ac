// Moved to packages/charts (shared with the server's PDF report); kept so existing imports work.
export * from '@planta/charts/rrhh/asistencia-options';
