import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the place they go is within `margin` of the viewport (then keeps them), and
 * `placeholder` until then: a section far below the fold (a coach page's reviews) loads its code and
 * data when the person scrolls towards it, not with the page. Without IntersectionObserver (old
 * browsers, jsdom) the children render at once. The placeholder should keep the section's heading, so
 * headings navigation finds it, and about its height, so nothing jumps when it is replaced.
 */
export function WhenVisible({
  children,
  placeholder,
  margin = '800px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
  /** How far outside the viewport counts as near (CSS margin, as IntersectionObserver's rootMargin). */
  margin?: string;
}) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = anchor.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={anchor}>{placeholder}</div>;
}
