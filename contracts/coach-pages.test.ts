import { describe, expect, it } from 'vitest';
import {
  brandingBodySchema,
  contrastRatio,
  fontOf,
  MIN_TEXT_CONTRAST,
  paletteContrast,
  readableTextOn,
} from './coach-pages';

describe('coach-pages contract', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WCAG's own reference pair: #767676 on white is just above 4.5:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('always finds a body text colour readable on any background', () => {
    for (let value = 0; value <= 0xffffff; value += 0x0f0f0f + 0x010203) {
      const background = `#${value.toString(16).padStart(6, '0')}`;
      expect(contrastRatio(readableTextOn(background), background), background).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
  });

  it('judges the primary colour against the background', () => {
    expect(paletteContrast({ primary_color: '#0f766e', background_color: '#ffffff' }).ok).toBe(true);
    expect(paletteContrast({ primary_color: '#f5d76e', background_color: '#ffffff' }).ok).toBe(false);
    expect(paletteContrast({ primary_color: '#f4c95d', background_color: '#1b1f2a' }).ok).toBe(true);
  });

  it('reads the font from custom_fonts, falling back to Inter', () => {
    expect(fontOf({ primary: 'serif' })).toBe('serif');
    expect(fontOf({ primary: 'lora' })).toBe('inter');
    expect(fontOf(null)).toBe('inter');
    expect(fontOf('serif')).toBe('inter');
  });

  it('normalises a body: lower-case colours, trimmed texts, an empty headline as null', () => {
    const parsed = brandingBodySchema.parse({
      primary_color: '#0F766E',
      accent_color: '#F59E0B',
      background_color: '#FFFFFF',
      headline: '   ',
      sections: [{ type: 'custom', enabled: true, title: ' Hello ', body: ' Text ' }],
    });
    expect(parsed).toEqual({
      primary_color: '#0f766e',
      accent_color: '#f59e0b',
      background_color: '#ffffff',
      headline: null,
      sections: [{ type: 'custom', enabled: true, title: 'Hello', body: 'Text' }],
    });
  });
});
