import { ExternalLink, PlayCircle } from 'lucide-react';
import type { Lesson } from '#contracts/programs';
import { paragraphsOf, videoHostOf } from '../lib/lesson-text';

/**
 * A lesson's body as plain text paragraphs (React escapes it: never HTML), its pictures, and its video
 * as a link card — the content-security policy allows no third-party frames, so nothing is embedded.
 */
export function LessonContent({
  lesson,
}: {
  lesson: Pick<Lesson, 'title' | 'body' | 'image_urls' | 'video_url'>;
}) {
  const paragraphs = paragraphsOf(lesson.body);
  return (
    <div className="flex flex-col gap-6">
      {lesson.video_url ? <VideoLinkCard url={lesson.video_url} title={lesson.title} /> : null}
      {paragraphs.length > 0 ? (
        <div className="flex max-w-prose flex-col gap-4 text-base leading-7 wrap-anywhere">
          {paragraphs.map((lines, index) => (
            <p key={index}>
              {lines.map((line, lineIndex) => (
                <span key={lineIndex}>
                  {lineIndex > 0 ? <br /> : null}
                  {line}
                </span>
              ))}
            </p>
          ))}
        </div>
      ) : null}
      {lesson.image_urls.length > 0 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {lesson.image_urls.map((url, index) => (
            <img
              key={url}
              src={url}
              alt={`Picture ${index + 1} of ${lesson.image_urls.length} for “${lesson.title}”`}
              className="w-full rounded-[var(--radius-card)] border border-border object-cover"
              loading="lazy"
            />
          ))}
        </div>
      ) : null}
      {paragraphs.length === 0 && lesson.image_urls.length === 0 && !lesson.video_url ? (
        <p className="text-text-muted">This lesson has no content yet.</p>
      ) : null}
    </div>
  );
}

export function VideoLinkCard({ url, title }: { url: string; title: string }) {
  const host = videoHostOf(url);
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="group flex items-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface-sunken p-4 hover:border-primary"
    >
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
        <PlayCircle aria-hidden="true" className="size-6" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold group-hover:underline">Watch the video on {host}</span>
        <span className="block truncate text-sm text-text-muted">{title} · opens in a new tab</span>
      </span>
      <ExternalLink aria-hidden="true" className="size-4 shrink-0 text-text-muted" />
    </a>
  );
}
