import { ArrowRight, Compass, HeartHandshake, ShieldCheck, Sprout, type LucideIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { Role } from '#domain/auth/roles';
import { buttonClasses } from '#web/components/button';
import { IconBadge } from '#web/components/icon-badge';
import { Spinner } from '#web/components/spinner';
import { useMe } from '#web/features/roles/api/get-me';
import { useChooseRole } from '#web/features/roles/hooks/use-choose-role';
import { useAuth } from '#web/lib/auth/use-auth';

function Choice({
  title,
  description,
  icon,
  onChoose,
  isPending,
  disabled,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  onChoose: () => void;
  isPending: boolean;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onChoose}
      disabled={disabled}
      aria-busy={isPending || undefined}
      className="group flex w-full flex-col gap-4 rounded-[var(--radius-sheet)] border border-border bg-surface p-6 text-left shadow-soft transition hover:-translate-y-0.5 hover:border-primary disabled:cursor-wait disabled:hover:translate-y-0 sm:p-8"
    >
      <IconBadge icon={icon} />
      <span className="text-xl font-semibold text-text sm:text-2xl">{title}</span>
      <span className="text-text-muted">{description}</span>
      <span className="mt-auto inline-flex items-center gap-1 text-sm font-semibold text-primary">
        {isPending ? (
          <>
            <Spinner className="size-4 border-2" /> Saving your choice…
          </>
        ) : (
          <>
            Continue{' '}
            <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-0.5" />
          </>
        )}
      </span>
    </button>
  );
}

/**
 * SPEC §2 `/`: home and role selection. An anonymous visitor who picks a role goes to
 * /auth?as={role}; a signed-in person (who has no role yet, or the guard would have sent them home)
 * has it saved and goes to /portal or /client-portal (SPEC §8 toasts on success and failure).
 */
export function WelcomePage() {
  const navigate = useNavigate();
  const auth = useAuth();
  const me = useMe().data;
  const { choose: saveRole, pendingRole, isPending } = useChooseRole({ onFailure: 'sign_in' });
  const isSignedIn = auth.status === 'signed_in';
  const choose = (role: Role) => (isSignedIn ? saveRole(role) : void navigate(`/auth?as=${role}`));
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col items-center px-4 py-12 sm:px-6 sm:py-20">
      <h1 className="text-center text-3xl font-semibold tracking-tight text-balance sm:text-5xl">
        Care for what matters, with a coach by your side
      </h1>
      <p className="mt-4 max-w-2xl text-center text-lg text-text-muted text-balance">
        {isSignedIn
          ? 'Tell us how you would like to use Wellspring. You can add the other way later.'
          : 'Wellspring connects you with wellness coaches for chat, audio and video sessions, booked ahead or right now.'}
      </p>
      <h2 className="sr-only">How would you like to use Wellspring?</h2>
      <div className="mt-10 grid w-full gap-4 sm:mt-14 sm:grid-cols-2 sm:gap-6">
        <Choice
          title="I'm looking for coaching"
          description="Find a coach who fits you and start a session in minutes."
          icon={Sprout}
          onChoose={() => choose('client')}
          isPending={pendingRole === 'client'}
          disabled={isPending}
        />
        <Choice
          title="I am a coach"
          description="Run your practice: sessions, clients, programs and earnings in one place."
          icon={HeartHandshake}
          onChoose={() => choose('coach')}
          isPending={pendingRole === 'coach'}
          disabled={isPending}
        />
      </div>
      {isSignedIn ? null : (
        // SPEC §2: /discover is public; looking around comes before choosing anything.
        <Link to="/discover" className={buttonClasses('secondary', 'mt-8')}>
          <Compass aria-hidden="true" className="size-4" />
          Browse coaches
        </Link>
      )}
      {me?.admin?.is_active ? (
        <Link to="/admin" className={buttonClasses('ghost', 'mt-8')}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          Open administration
        </Link>
      ) : null}
    </div>
  );
}
