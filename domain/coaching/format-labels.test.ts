import { describe, expect, it } from 'vitest';
import { SESSION_FORMATS } from './categories';
import { FORMAT_ADJECTIVES, FORMAT_NOUNS, FORMAT_SHORT_LABELS } from './format-labels';

describe('format labels', () => {
  it('name every format in each wording', () => {
    for (const labels of [FORMAT_NOUNS, FORMAT_ADJECTIVES, FORMAT_SHORT_LABELS])
      expect(Object.keys(labels).sort()).toEqual([...SESSION_FORMATS].sort());
  });

  it('read as the product writes them', () => {
    expect(SESSION_FORMATS.map((format) => FORMAT_NOUNS[format])).toEqual([
      'Text chat',
      'Audio call',
      'Video call',
    ]);
    expect(SESSION_FORMATS.map((format) => FORMAT_ADJECTIVES[format])).toEqual(['Text', 'Audio', 'Video']);
    expect(SESSION_FORMATS.map((format) => FORMAT_SHORT_LABELS[format])).toEqual(['Chat', 'Audio', 'Video']);
  });
});
