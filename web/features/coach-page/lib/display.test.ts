import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance } from '#contracts/coach-pages';
import { websitePalette } from './display';

const BRANDING = {
  font: 'inter' as const,
  primary_color: '#0f766e',
  accent_color: '#f59e0b',
  background_color: '#ffffff',
  headline: null,
  sections: [],
};

describe('websitePalette', () => {
  it("keeps the coach's colours in the light theme", () => {
    const palette = websitePalette(BRANDING);
    expect(palette.background).toBe('#ffffff');
    expect(palette.text).toBe('#000000');
    expect(palette.link).toBe('#0f766e');
  });

  it('in the dark theme a light site turns dark, with text and links that still read at 4.5:1', () => {
    const palette = websitePalette(BRANDING, { dark: true });
    expect(luminance(palette.background)).toBeLessThan(0.05);
    expect(palette.text).toBe('#ffffff');
    expect(contrastRatio(palette.text, palette.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette.link, palette.background)).toBeGreaterThanOrEqual(4.5);
    // Buttons in the primary colour keep their own readable text.
    expect(contrastRatio(palette.onPrimary, palette.primary)).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps a coach's own dark background in the dark theme", () => {
    const palette = websitePalette({ ...BRANDING, background_color: '#1a1a2e' }, { dark: true });
    expect(palette.background).toBe('#1a1a2e');
  });
});
