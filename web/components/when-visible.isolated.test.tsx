import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible';

/** A stand-in IntersectionObserver the test drives: `report(true)` says the anchor came near. */
function stubObserver() {
  const observed: Element[] = [];
  let callback: IntersectionObserverCallback = () => undefined;
  let rootMargin: string | undefined;
  const disconnect = vi.fn();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(next: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        callback = next;
        rootMargin = options?.rootMargin;
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect = disconnect;
    },
  );
  const report = (isIntersecting: boolean) =>
    act(() =>
      callback(
        observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
        {} as IntersectionObserver,
      ),
    );
  return { observed, report, disconnect, rootMargin: () => rootMargin };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WhenVisible', () => {
  it('shows the placeholder until the place comes near, then the children for good', () => {
    const observer = stubObserver();
    render(
      <WhenVisible placeholder={<p>Reviews are on their way</p>} margin="500px">
        <p>The reviews</p>
      </WhenVisible>,
    );
    expect(screen.getByText('Reviews are on their way')).toBeInTheDocument();
    expect(screen.queryByText('The reviews')).toBeNull();
    expect(observer.observed).toHaveLength(1);
    expect(observer.rootMargin()).toBe('500px');

    observer.report(false);
    expect(screen.queryByText('The reviews')).toBeNull();

    observer.report(true);
    expect(screen.getByText('The reviews')).toBeInTheDocument();
    expect(screen.queryByText('Reviews are on their way')).toBeNull();
    expect(observer.disconnect).toHaveBeenCalled();
  });

  it('renders the children at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible placeholder={<p>Reviews are on their way</p>}>
        <p>The reviews</p>
      </WhenVisible>,
    );
    expect(screen.getByText('The reviews')).toBeInTheDocument();
  });
});
