import { DiscoverScreen } from '#web/features/discovery/components/discover-screen';

/** SPEC §2 `/discover` (public; coaches without the client role are sent to /portal by the guard). */
export function DiscoverPage() {
  return <DiscoverScreen />;
}
