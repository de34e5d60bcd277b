import { ArrowLeftRight, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { PageShell } from '#web/components/page-shell';
import { useMe } from '#web/features/roles/api/get-me';
import { adminSectionsFor } from './app-navigation';
import { useDocumentTitle } from '#web/lib/use-document-title';

const ADMIN_ROLE_LABEL = {
  super_admin: 'Super admin',
  coach_manager: 'Coach manager',
  financial_admin: 'Financial admin',
  community_moderator: 'Community moderator',
} as const;

/**
 * SPEC §2 `/admin`: where an active admin lands after signing in. The sections their admin role
 * opens (the same list as the navigation, web/app/routes/app-navigation.tsx), the ones still coming
 * soon apart, and the way back to their client or coach side when they have one.
 */
export function AdminOverviewPage() {
  const me = useMe().data;
  useDocumentTitle('Administration');
  if (!me?.admin) return null;
  const sections = adminSectionsFor(me).filter((section) => section.to !== '/admin');
  const working = sections.filter((section) => section.working);
  const comingSoon = sections.filter((section) => !section.working);
  const side =
    me.active_role === 'coach'
      ? { to: '/portal', label: 'Go to your coach side' }
      : me.active_role === 'client'
        ? { to: '/client-portal', label: 'Go to your client side' }
        : null;
  return (
    <PageShell
      title="Administration"
      description={`Signed in as ${me.full_name ?? me.email ?? 'an admin'} · ${ADMIN_ROLE_LABEL[me.admin.admin_role]}`}
    >
      <div className="flex flex-col gap-10">
        {working.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2">
            {working.map((section) => (
              <li key={section.to}>
                <Link
                  to={section.to}
                  className="group flex h-full flex-col gap-2 rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft transition hover:border-primary"
                >
                  <span className="flex items-center gap-3 text-lg font-semibold text-text">
                    <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary">
                      {section.icon}
                    </span>
                    {section.label}
                    <ArrowRight
                      aria-hidden="true"
                      className="ml-auto size-4 text-primary transition group-hover:translate-x-0.5"
                    />
                  </span>
                  {section.description ? (
                    <span className="text-sm text-text-muted">{section.description}</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-text-muted">Your admin role opens no section that is ready yet.</p>
        )}
        {comingSoon.length > 0 ? (
          <section aria-labelledby="admin-coming-soon" className="flex flex-col gap-3">
            <h2 id="admin-coming-soon" className="text-base font-semibold">
              Coming soon
            </h2>
            <ul className="grid gap-2 sm:grid-cols-2">
              {comingSoon.map((section) => (
                <li
                  key={section.to}
                  className="flex items-start gap-3 rounded-[var(--radius-card)] border border-dashed border-border p-4"
                >
                  <span className="mt-0.5 text-text-muted">{section.icon}</span>
                  <span className="flex flex-col gap-0.5">
                    <span className="text-sm font-medium">{section.label}</span>
                    {section.description ? (
                      <span className="text-sm text-text-muted">{section.description}</span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {side ? (
          <Link to={side.to} className={buttonClasses('secondary', 'self-start')}>
            <ArrowLeftRight aria-hidden="true" className="size-4" />
            {side.label}
          </Link>
        ) : null}
      </div>
    </PageShell>
  );
}
