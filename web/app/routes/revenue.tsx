import { useQueryClient } from '@tanstack/react-query';
import { PageShell } from '#web/components/page-shell';
import { SecondFactorStep } from '#web/features/auth/components/second-factor-step';
import { invalidateEarnings } from '#web/features/earnings/api/earnings';
import { EarningsScreen } from '#web/features/earnings/components/earnings-screen';
import { WithdrawAction } from '#web/features/payouts/components/withdraw-action';
import { WithdrawalsList } from '#web/features/payouts/components/withdrawal-receipt';
import { useAuth } from '#web/lib/auth/use-auth';
import { useDocumentTitle } from '#web/lib/use-document-title';

/**
 * SPEC §2 `/revenue` and `/manage-revenue` (the same screen): the coach's earnings (earnings feature)
 * with the Withdraw action and the list of withdrawals (payouts feature); a withdrawal that needs the
 * second factor shows the auth feature's code step inside the Withdraw dialog.
 */
export function RevenuePage() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  useDocumentTitle('Revenue');

  const user = auth.user;
  const hasVerifiedFactor = user?.factors.some((factor) => factor.status === 'verified') ?? false;
  return (
    <PageShell title="Revenue" description="What you have earned, what you can withdraw, and where it goes.">
      {user ? (
        <EarningsScreen
          userId={user.id}
          belowSummary={<WithdrawalsList userId={user.id} />}
          withdraw={({ available, minimum, holdDays }) => (
            <WithdrawAction
              userId={user.id}
              available={available}
              minimum={minimum}
              holdDays={holdDays}
              hasVerifiedFactor={hasVerifiedFactor}
              onWithdrawn={() => void invalidateEarnings(queryClient)}
              renderSecondFactor={({ onVerified, onCancel }) => (
                <SecondFactorStep
                  headingLevel={3}
                  description="Withdrawals need your authenticator app: type the code it shows now, and the withdrawal is sent right after."
                  onVerified={onVerified}
                  onCancel={onCancel}
                  cancelLabel="Back"
                />
              )}
            />
          )}
        />
      ) : null}
    </PageShell>
  );
}
