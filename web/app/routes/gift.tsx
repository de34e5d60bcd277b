import { useSearchParams } from 'react-router';
import { TitledPage } from '#web/components/page-shell';
import { ConfirmAddress } from '#web/features/account-settings/components/confirm-address';
import { GiftsScreen } from '#web/features/gifts/components/gifts-screen';
import { useAuth } from '#web/lib/auth/use-auth';

/**
 * SPEC §2 `/gift`: send wallet credit or a session by email, claim gifts sent to
 * you (`?claim=<id>`, the email's link, highlights one), cancel what you sent while it is unclaimed.
 * The gifts feature gets the email confirmation of account-settings from here (features stay apart).
 */
export function GiftPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const claimId = params.get('claim');
  return (
    <TitledPage
      title="Gifts"
      description="Send wallet credit or a session to someone you care about, and claim the gifts sent to you."
    >
      {auth.user ? (
        <GiftsScreen
          userId={auth.user.id}
          claimId={claimId}
          ownEmail={auth.user.email}
          renderEmailConfirmation={(email, onDone) => <ConfirmAddress email={email} onDone={onDone} />}
        />
      ) : null}
    </TitledPage>
  );
}
