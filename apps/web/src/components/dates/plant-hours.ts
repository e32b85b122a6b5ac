// The plant-local hours of the production day live with the chart builders (@planta/charts), which
// the server's PDF reports share; screens import them from here as before.
export { HOUR_LABELS, hourlySlots, hourRangeLabel, plantClock, plantHour } from '@planta/charts';
