import { afterEach, describe, expect, it, vi } from 'vitest';
import { animationsDisabled, withMotionPreference } from './chart.tsx';

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('chart animation and prefers-reduced-motion', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('animates by default (no reduced motion, not under automation)', () => {
    reducedMotion(false);
    expect(animationsDisabled()).toBe(false);
    const option = { series: [] };
    expect(withMotionPreference(option)).toBe(option);
  });

  it('draws without animation when the user asks for reduced motion', () => {
    reducedMotion(true);
    expect(animationsDisabled()).toBe(true);
    expect(withMotionPreference({ series: [] })).toEqual({ series: [], animation: false });
  });

  it('draws without animation under browser tests (navigator.webdriver)', () => {
    reducedMotion(false);
    vi.stubGlobal('navigator', { ...navigator, webdriver: true });
    expect(animationsDisabled()).toBe(true);
  });
});
