import { ComingSoon, TitledPage } from '#web/components/page-shell';

/** What a screen is: its title and purpose (web/app/router.tsx `screen`). */
export type ScreenHandle = { title: string; description: string };

/**
 * The page shell of a screen whose capability is not built yet: its title and purpose from SPEC §2
 * and an honest "coming soon" — no sample data. Each route names itself, so one small lazy chunk
 * serves them all until the real screens replace them one by one.
 */
export function ComingSoonPage({ title, description }: ScreenHandle) {
  return (
    <TitledPage title={title} description={description}>
      <ComingSoon />
    </TitledPage>
  );
}
