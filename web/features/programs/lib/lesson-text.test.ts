import { describe, expect, it } from 'vitest';
import { continueLessonNumber, paragraphsOf, videoHostOf } from './lesson-text';

describe('paragraphsOf', () => {
  it('splits on blank lines, keeps single line breaks inside a paragraph and drops empty blocks', () => {
    expect(paragraphsOf('One\ntwo\n\n\n  \nThree\r\n\r\nFour  ')).toEqual([
      ['One', 'two'],
      ['Three'],
      ['Four'],
    ]);
    expect(paragraphsOf('')).toEqual([]);
  });

  it('keeps markup as plain text (it is rendered as text, never as HTML)', () => {
    expect(paragraphsOf('<script>alert(1)</script>')).toEqual([['<script>alert(1)</script>']]);
  });
});

describe('videoHostOf', () => {
  it('names the well-known hosts and falls back to the host name', () => {
    expect(videoHostOf('https://www.youtube.com/watch?v=x')).toBe('YouTube');
    expect(videoHostOf('https://youtu.be/x')).toBe('YouTube');
    expect(videoHostOf('https://vimeo.com/1')).toBe('Vimeo');
    expect(videoHostOf('https://cdn.example.org/v.mp4')).toBe('cdn.example.org');
    expect(videoHostOf('nonsense')).toBe('the video site');
  });
});

describe('continueLessonNumber', () => {
  const lessons = [
    { id: 'a', number: 1 },
    { id: 'b', number: 2 },
    { id: 'c', number: 3 },
  ];
  it('opens the first unfinished lesson, by id, whatever the order of completion', () => {
    expect(continueLessonNumber(lessons, null)).toBe(1);
    expect(continueLessonNumber(lessons, { completed_lesson_ids: ['a', 'c'], last_lesson_number: 3 })).toBe(
      2,
    );
    expect(
      continueLessonNumber(lessons, { completed_lesson_ids: ['a', 'b', 'c'], last_lesson_number: 3 }),
    ).toBe(3);
  });
});
