import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';
import { FullScreenLoader } from './full-screen-loader';

/** The element with the text nodes that only hold the markup's indentation taken out. */
function withoutBlankText(element: Element) {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const blank: Node[] = [];
  while (walker.nextNode()) if (!walker.currentNode.textContent?.trim()) blank.push(walker.currentNode);
  for (const node of blank) node.parentNode?.removeChild(node);
  return element;
}

describe('FullScreenLoader', () => {
  it('shows "Loading..." in a polite live region', () => {
    render(<FullScreenLoader />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading...');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByText('Loading...')).toBeVisible();
  });

  it('is what index.html shows before the code arrives (the first paint and React’s first frame agree)', () => {
    const page = new DOMParser().parseFromString(indexHtml, 'text/html');
    const splash = page.getElementById('root');
    const loader = document.createElement('div');
    loader.innerHTML = renderToStaticMarkup(<FullScreenLoader />);
    expect(splash && withoutBlankText(splash).innerHTML).toBe(loader.innerHTML);
  });
});
