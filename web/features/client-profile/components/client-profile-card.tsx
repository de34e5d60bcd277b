import type { ReactNode } from 'react';
import { categoryLabel } from '#domain/coaching/categories';
import { Avatar } from '#web/components/avatar';

export type ClientProfileView = {
  full_name?: string | null;
  username?: string | null;
  avatar_url?: string | null;
  short_bio?: string | null;
  about_me?: string | null;
  interests?: string[];
  zodiac_sign?: string | null;
  gender?: string | null;
};

/**
 * A client's profile as a card: the fields given, nothing else (the public page passes only what the
 * client shows). `children` goes under the header (actions, notes).
 */
export function ClientProfileCard({
  profile,
  headingLevel = 'h2',
  children,
  emptyText = 'Nothing here yet.',
}: {
  profile: ClientProfileView;
  headingLevel?: 'h1' | 'h2';
  children?: ReactNode;
  emptyText?: string;
}) {
  const Heading = headingLevel;
  const name = profile.full_name?.trim() || (profile.username ? `@${profile.username}` : 'Wellspring member');
  const details = [
    profile.gender ? ['Gender', profile.gender] : null,
    profile.zodiac_sign ? ['Zodiac sign', profile.zodiac_sign] : null,
  ].filter((entry): entry is [string, string] => entry !== null);
  const hasBody =
    Boolean(profile.short_bio || profile.about_me) ||
    (profile.interests?.length ?? 0) > 0 ||
    details.length > 0;

  return (
    <article className="overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface shadow-soft">
      <div className="flex flex-wrap items-center gap-4 border-b border-border p-5 sm:p-6">
        <div className="size-20 shrink-0 overflow-hidden rounded-full">
          <Avatar
            name={profile.full_name ?? profile.username}
            src={profile.avatar_url}
            size={80}
            eager
            className="size-full text-2xl"
          />
        </div>
        <div className="min-w-0 flex-1">
          <Heading className="text-2xl font-semibold tracking-tight wrap-anywhere">{name}</Heading>
          {profile.username && profile.full_name ? (
            <p className="text-sm text-text-muted">@{profile.username}</p>
          ) : null}
          {profile.short_bio ? (
            <p className="mt-1 text-text-muted wrap-anywhere">{profile.short_bio}</p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col gap-5 p-5 sm:p-6">
        {children}
        {profile.about_me ? (
          <section aria-label="About me">
            <h3 className="text-sm font-semibold text-text-muted">About me</h3>
            <p className="mt-1 whitespace-pre-line wrap-anywhere">{profile.about_me}</p>
          </section>
        ) : null}
        {profile.interests && profile.interests.length > 0 ? (
          <section aria-label="Interests">
            <h3 className="text-sm font-semibold text-text-muted">Interests</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {profile.interests.map((interest) => (
                <li key={interest} className="rounded-full bg-primary-soft px-3 py-1 text-sm text-primary">
                  {categoryLabel(interest)}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {details.length > 0 ? (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {details.map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm font-semibold text-text-muted">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {!hasBody && !children ? <p className="text-text-muted">{emptyText}</p> : null}
      </div>
    </article>
  );
}
