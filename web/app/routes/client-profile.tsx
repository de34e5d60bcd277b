import { Eye, EyeOff, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '#web/components/button-link';
import { ClientProfileCard } from '#web/features/client-profile/components/client-profile-card';
import { ClientProfileGate } from '#web/features/client-profile/components/client-profile-gate';
import { PUBLIC_FIELD_LABELS } from '#web/features/client-profile/lib/client-values';
import { EditorSkeleton } from './profile-edit';

/** SPEC §2 `/client-profile`: the client's own profile, what coaches see, and what the public page shows. */
export function ClientProfilePage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your profile</h1>
          <p className="mt-1 text-text-muted">What your coaches see about you.</p>
        </div>
        <ButtonLink to="/client-profile-edit" icon={Pencil}>
          Edit profile
        </ButtonLink>
      </div>
      <ClientProfileGate loading={<EditorSkeleton sections={2} />}>
        {(profile, client) => (
          <>
            <ClientProfileCard
              profile={{
                ...client,
                full_name: profile.full_name,
                username: profile.username,
                avatar_url: profile.avatar_url,
              }}
              emptyText="Add a short bio and your interests so your coach knows where to start."
            />
            <section
              aria-labelledby="public-page-heading"
              className="rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6"
            >
              <h2 id="public-page-heading" className="flex items-center gap-2 font-semibold">
                {client.public_fields.length > 0 ? (
                  <Eye aria-hidden="true" className="size-5 text-primary" />
                ) : (
                  <EyeOff aria-hidden="true" className="size-5 text-text-muted" />
                )}
                Your public page
              </h2>
              {client.public_fields.length > 0 && profile.username ? (
                <p className="mt-2 text-sm text-text-muted">
                  Anyone can see your{' '}
                  {client.public_fields.map((field) => PUBLIC_FIELD_LABELS[field].toLowerCase()).join(', ')}{' '}
                  at{' '}
                  <Link to={`/client/${profile.username}`} className="font-medium text-primary underline">
                    /client/{profile.username}
                  </Link>
                  .
                </p>
              ) : (
                <p className="mt-2 text-sm text-text-muted">
                  Private: only coaches you have had a session with see your profile. Choose what to show in{' '}
                  <Link to="/client-profile-edit" className="font-medium text-primary underline">
                    Edit profile
                  </Link>
                  .
                </p>
              )}
            </section>
          </>
        )}
      </ClientProfileGate>
    </div>
  );
}
