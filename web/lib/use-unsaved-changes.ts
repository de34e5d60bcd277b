import { useEffect } from 'react';
import { useBlocker, type Blocker } from './router';

/**
 * SPEC §2 overlay "unsaved-changes guard": while `hasUnsavedChanges`, leaving for another page in
 * the app is held (the router's blocker, web/lib/router.tsx) until the person chooses, and leaving the site or
 * reloading asks the browser's own question (beforeunload). Changing only the hash is not leaving.
 */
export function useUnsavedChanges(hasUnsavedChanges: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedChanges]);

  return blocker;
}
