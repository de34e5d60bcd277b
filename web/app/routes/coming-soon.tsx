import { useMatches } from 'react-router';
import { ComingSoon, TitledPage } from '#web/components/page-shell';

/** What a screen is, from its route's `handle` (web/app/router.tsx). */
export type ScreenHandle = { title: string; description: string };

const isScreenHandle = (value: unknown): value is ScreenHandle =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ScreenHandle).title === 'string' &&
  typeof (value as ScreenHandle).description === 'string';

/**
 * The page shell of a screen whose capability is not built yet: its title and purpose from SPEC §2
 * and an honest "coming soon" — no sample data. Each route names itself through its handle, so one
 * small lazy chunk serves them all until the real screens replace them one by one.
 */
export function ComingSoonPage() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isScreenHandle(match.handle))?.handle;
  const screen = isScreenHandle(handle) ? handle : { title: 'Wellspring', description: '' };
  return (
    <TitledPage title={screen.title} description={screen.description}>
      <ComingSoon />
    </TitledPage>
  );
}
