import type { CoachCard as CoachCardData } from '#contracts/discovery';
import { TitledPage } from '#web/components/page-shell';
import { CoachCard } from '#web/features/discovery/components/coach-card';
import { FavoritesScreen } from '#web/features/favorites/components/favorites-screen';
import { useAuth } from '#web/lib/auth/use-auth';

const renderCoach = (coach: CoachCardData) => <CoachCard coach={coach} headingLevel={2} />;

/** SPEC §2 `/client-favorites` (client-only): followed coaches with Follow / Notify switches. */
export function ClientFavoritesPage() {
  const auth = useAuth();
  return (
    <TitledPage
      title="Favourite coaches"
      description="The coaches you follow, and whether they may notify you."
    >
      {auth.user ? <FavoritesScreen userId={auth.user.id} renderCoach={renderCoach} /> : null}
    </TitledPage>
  );
}
