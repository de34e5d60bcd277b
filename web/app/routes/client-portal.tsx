import { UpcomingBookings } from '#web/features/bookings/components/upcoming-bookings';
import { ClientHomeDiscovery } from '#web/features/discovery/components/client-home';
import { useMe } from '#web/features/roles/api/get-me';
import { SessionList } from '#web/features/sessions/components/session-list';
import { useAuth } from '#web/lib/auth/use-auth';
import { firstNameOf } from '#web/lib/person-name';
import { useDocumentTitle } from '#web/lib/use-document-title';

const nameIn = (metadata: Record<string, unknown> | undefined) => {
  const name = metadata?.full_name ?? metadata?.name;
  return typeof name === 'string' ? name : null;
};

/** SPEC §2 `/client-portal`, the client home: find a coach (search, categories, online now, recommended). */
export function ClientPortalPage() {
  const auth = useAuth();
  const me = useMe();
  // "Dr. Lena Ortiz" is welcomed as Lena (titles skipped, no doubled full stop).
  const firstName = firstNameOf(me.data?.full_name ?? nameIn(auth.user?.user_metadata));
  useDocumentTitle('Home');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <p className="text-text-muted">{firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">Home</h1>
      <p className="mt-2 mb-8 max-w-2xl text-text-muted">Find a coach who fits what you need today.</p>
      <div className="mb-10">
        <UpcomingBookings
          as="client"
          empty="Nothing booked yet. On a coach's page, choose Book a time under one of their services."
        />
      </div>
      <ClientHomeDiscovery userId={auth.user?.id ?? null} />
      <div className="mt-10">
        <SessionList
          as="client"
          title="Your sessions"
          empty="No sessions yet. Start one with a coach who is online, and it appears here."
        />
      </div>
    </div>
  );
}
