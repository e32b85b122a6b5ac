import { describe, expect, it } from 'vitest';
import { COUNTER_MODULO, counterDelta, lineNodeId } from './plc-tags.ts';

describe('OPC UA tags', () => {
  it('names line tags in namespace 2', () => {
    expect(lineNodeId(3, 'Paquetes')).toBe('ns=2;s=Planta.Linea3.Paquetes');
  });

  it('computes counter deltas across rollover and after a reset', () => {
    expect(counterDelta(100, 160)).toBe(60);
    expect(counterDelta(COUNTER_MODULO - 10, 25)).toBe(35);
    expect(counterDelta(5_000, 40)).toBe(40); // PLC restarted: counts since the reset
    expect(counterDelta(7, 7)).toBe(0);
  });
});
