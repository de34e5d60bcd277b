import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LessonContent } from './lesson-content';

describe('LessonContent', () => {
  it('shows the body as plain text paragraphs (markup stays text) and the video as a link, never a frame', () => {
    const { container } = render(
      <LessonContent
        lesson={{
          title: 'Breathing basics',
          body: 'Sit comfortably.\nBreathe in.\n\n<img src=x onerror=alert(1)> stays text',
          image_urls: ['/api/uploads/files/u/cover/a.webp'],
          video_url: 'https://www.youtube.com/watch?v=abc',
        }}
      />,
    );
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs[0]?.textContent).toBe('Sit comfortably.Breathe in.');
    expect(paragraphs[0]?.querySelectorAll('br')).toHaveLength(1);
    expect(screen.getByText('<img src=x onerror=alert(1)> stays text')).toBeTruthy();
    // Only the lesson's own picture is an image; the markup in the text made none.
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(container.querySelector('iframe')).toBeNull();
    const link = screen.getByRole('link', { name: /Watch the video on YouTube/ });
    expect(link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=abc');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('says so when a lesson has no content yet', () => {
    render(<LessonContent lesson={{ title: 'Empty', body: '  \n\n ', image_urls: [], video_url: null }} />);
    expect(screen.getByText('This lesson has no content yet.')).toBeTruthy();
  });
});
