import { useEffect } from 'react';

/** The browser tab's title while a screen is shown ("<title> · Wellspring"); null leaves it as it is. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} · Wellspring`;
    return () => {
      document.title = 'Wellspring';
    };
  }, [title]);
}
