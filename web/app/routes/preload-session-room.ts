/**
 * Loads the session room's code ahead of need (the router loads each screen lazily, and a navigation
 * waits for its screen's code): while a coach's request rings and while a client waits for an answer,
 * so Accept and "Session Ready!" open the room at once even on a slow phone. The same module as the
 * router's `lazy` import, so it is fetched once. A failure is left to the navigation to show.
 */
export function preloadSessionRoom(): void {
  import('./session').catch(() => undefined);
}
