import { describe, expect, it } from 'vitest';
import { coachSearchQuerySchema } from '#contracts/discovery';
import { decodeCursor, planSearch, segmentQuery, toTsQueryText } from './discovery.query';

describe('toTsQueryText', () => {
  it('ANDs the words and prefix-matches the last one', () => {
    expect(toTsQueryText('sleep coach')).toBe('sleep & coach:*');
    expect(toTsQueryText('  Yoga  ')).toBe('yoga:*');
    expect(toTsQueryText('meditat')).toBe('(meditat:* | medit:*)');
  });

  it('keeps only letters and digits, so no tsquery operator or quote comes from the user', () => {
    expect(toTsQueryText("o'brien & !x | (y) :* <->")).toBe('o & brien & x & y:*');
    expect(toTsQueryText('Zoë Ünal')).toBe('zoë & ünal:*');
    expect(toTsQueryText('!!! ---')).toBeNull();
    expect(toTsQueryText(undefined)).toBeNull();
  });

  it('caps the number and length of words', () => {
    expect(
      toTsQueryText(Array.from({ length: 20 }, (_, index) => `w${index}`).join(' '))?.split(' & '),
    ).toHaveLength(8);
    expect(toTsQueryText('a'.repeat(100))).toBe(`(${'a'.repeat(40)}:* | aaaaa:*)`);
  });
});

describe('planSearch', () => {
  const plan = (query: Record<string, string>) => planSearch(coachSearchQuerySchema.parse(query));

  it('binds every user value as a parameter and writes is_online out for the partial index', () => {
    const query = segmentQuery(
      plan({ q: "x'; drop", category: 'sleep', maxPrice: '3000', online: 'true', sort: 'rating' }),
      0,
      null,
      25,
    );
    expect(query.text).not.toContain('drop');
    expect(query.text).toContain('d.is_online');
    expect(query.values).toEqual(['x & drop:*', 'sleep', 3000, 25]);
  });

  it('adds is_busy around the finished page, so the ordered index walk and its LIMIT stay as they are', () => {
    const query = segmentQuery(plan({ category: 'sleep', online: 'true', sort: 'rating' }), 0, null, 25);
    const inner = /FROM \((SELECT .*)\) page$/s.exec(query.text)?.[1];
    expect(inner).toMatch(
      /^SELECT d\.coach_id.* FROM coach_directory d WHERE .* ORDER BY .* LIMIT \$\d+::int$/s,
    );
    expect(inner).not.toContain('chat_sessions');
    expect(query.text.slice(0, query.text.indexOf('FROM ('))).toContain("s.status = 'active'");
  });

  it('relevance without text is rating; format picks the price column and the cursor signature', () => {
    expect(plan({}).sort).toBe('rating');
    expect(plan({ q: 'yoga' }).sort).toBe('relevance');
    expect(plan({ sort: 'price', format: 'video' }).signature).toBe('price:d.price_video');
    expect(plan({ sort: 'availability' }).segments).toHaveLength(4);
    expect(plan({ sort: 'availability', online: 'true' }).segments).toHaveLength(2);
    expect(plan({ sort: 'rating', minRating: '4' }).segments).toHaveLength(1);
  });

  it('refuses cursors of another sort, out-of-range segments and garbage', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(decodeCursor(encode({ sort: 'rating', segment: 1, key: [3, 'id'] }), 'rating', 2).segment).toBe(1);
    for (const raw of [
      encode({ sort: 'price:d.price_min', segment: 0, key: [1, 'id'] }),
      encode({ sort: 'rating', segment: 2, key: [] }),
      encode({ sort: 'rating', segment: 0, key: [{}] }),
      'garbage',
    ])
      expect(() => decodeCursor(raw, 'rating', 2)).toThrow('out of date');
  });
});
