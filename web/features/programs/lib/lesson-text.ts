/** Plain lesson text as paragraphs: blank lines separate them; single line breaks stay inside one. */
export function paragraphsOf(body: string): string[][] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

/** Where a lesson's video lives, for the link card ("Watch on YouTube"). Never embedded: the CSP allows no frames. */
export function videoHostOf(url: string): string {
  try {
    const host = new URL(url).hostname.replace(/^www\./, '').replace(/^m\./, '');
    if (host === 'youtu.be' || host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com'))
      return 'YouTube';
    if (host.endsWith('vimeo.com')) return 'Vimeo';
    if (host.endsWith('loom.com')) return 'Loom';
    return host;
  } catch {
    return 'the video site';
  }
}

/** Which lesson "Continue" opens: the first one not finished yet, else the last one read. */
export function continueLessonNumber(
  lessons: readonly { id: string; number: number }[],
  progress: { completed_lesson_ids: readonly string[]; last_lesson_number: number } | null,
): number {
  if (!progress) return 1;
  const done = new Set(progress.completed_lesson_ids);
  return lessons.find((lesson) => !done.has(lesson.id))?.number ?? Math.max(1, progress.last_lesson_number);
}
