import { useEffect, useRef } from 'react';
import { deviceTimeZone, localTimeZone, setViewerTimeZone } from './dates';
import { useOwnProfile, useUpdateOwnProfile } from './own-profile';

/**
 * The signed-in person's time zone (issue #18): the one on their profile, which every screen writes
 * times in (`localTimeZone()`); a profile without one (a new account) gets the device's, detected here
 * once after sign-up and editable in Settings. Answers the zone in force, for a key that redraws the
 * page when it changes (times already on screen were written in the device's zone until then).
 */
export function useViewerTimeZone(): string {
  const profile = useOwnProfile();
  const { mutate } = useUpdateOwnProfile();
  const detecting = useRef(false);
  const loaded = profile.data !== undefined;
  const saved = profile.data?.time_zone ?? null;
  // Set while rendering (idempotent), so the pages drawn in this same pass already write in it.
  if (loaded) setViewerTimeZone(saved);

  useEffect(() => {
    if (!loaded || saved !== null || detecting.current) return;
    detecting.current = true;
    mutate({ time_zone: deviceTimeZone() });
  }, [loaded, saved, mutate]);

  // Signed out (this layout unmounts): back to the device's zone.
  useEffect(() => () => setViewerTimeZone(null), []);
  return localTimeZone();
}
