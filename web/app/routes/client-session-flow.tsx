import { useParams, useSearchParams } from 'react-router';
import { TitledPage } from '#web/components/page-shell';
import { BookingFlow } from '#web/features/bookings/components/booking-flow-screen';
import { useAuth } from '#web/lib/auth/use-auth';
import { localTimeZone } from '#web/lib/dates';

/**
 * /client-session-flow/:serviceId (SPEC §2, #18): book a coach's service at one of their free times.
 * The chosen time is kept in the address (`?at=`), so a trip to the wallet to top up comes back to it.
 */
export function ClientSessionFlowPage() {
  const { serviceId = '' } = useParams();
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const at = params.get('at');
  return (
    <TitledPage
      title="Book a session"
      description="Choose a time that suits you; it is shown in your own time zone."
    >
      {auth.user ? (
        <BookingFlow
          key={serviceId}
          serviceId={serviceId}
          userId={auth.user.id}
          viewerZone={localTimeZone()}
          initialStart={at && !Number.isNaN(Date.parse(at)) ? at : null}
          onStartChange={(start) =>
            setParams(start ? { at: start } : {}, { replace: true, preventScrollReset: true })
          }
        />
      ) : null}
    </TitledPage>
  );
}
