import { useEffect, useState } from 'react';
import { deviceTimeZone, setViewerTimeZone } from './dates';
import { useOwnProfile } from './own-profile';

/**
 * The signed-in person's time zone (issue #18): the one on their profile — sent from the device at
 * sign-up, changed in Settings — which every screen writes times in (`localTimeZone()`); the device's
 * while there is none (an account from before, or from Google).
 *
 * Answers a key for the page: the zone in force when the profile first came, so a page drawn before
 * (in the device's zone) is drawn again once, in the person's. A later change (in Settings) does not
 * redraw the page the person is on; every screen after it writes in the new zone.
 */
export function useViewerTimeZone(): string {
  const profile = useOwnProfile();
  const [first, setFirst] = useState<string | null>(null);
  // Set while rendering (idempotent), so the pages drawn in this same pass already write in it.
  if (profile.data) {
    setViewerTimeZone(profile.data.time_zone);
    if (first === null) setFirst(profile.data.time_zone ?? deviceTimeZone());
  }
  // Signed out (this layout unmounts): back to the device's zone.
  useEffect(() => () => setViewerTimeZone(null), []);
  return first ?? deviceTimeZone();
}
