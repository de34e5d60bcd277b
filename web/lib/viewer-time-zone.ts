import { useEffect } from 'react';
import { localTimeZone, setViewerTimeZone } from './dates';
import { useOwnProfile } from './own-profile';

/**
 * The signed-in person's time zone (issue #18): the one on their profile — sent from the device at
 * sign-up, changed in Settings — which every screen writes times in (`localTimeZone()`); the device's
 * while there is none (an account from before, or from Google). Answers the zone in force, for a key
 * that redraws the page when it changes (times already on screen were written in the device's zone).
 */
export function useViewerTimeZone(): string {
  const profile = useOwnProfile();
  // Set while rendering (idempotent), so the pages drawn in this same pass already write in it.
  if (profile.data) setViewerTimeZone(profile.data.time_zone);
  // Signed out (this layout unmounts): back to the device's zone.
  useEffect(() => () => setViewerTimeZone(null), []);
  return localTimeZone();
}
