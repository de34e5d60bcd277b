import type { ReactNode } from 'react';
import type { AdminPermission } from '#domain/auth/permissions';
import { TitledPage } from '#web/components/page-shell';
import { useMe } from '#web/features/roles/api/get-me';

/**
 * Whether the signed-in admin holds `permission`. Until /api/me answers it is `whileLoading`: true lets
 * the API decide (it refuses without the permission), false keeps an optional control hidden.
 */
export function useAdminPermission(permission: AdminPermission, whileLoading = true): boolean {
  const permissions = useMe().data?.admin?.permissions;
  return permissions ? permissions.includes(permission) : whileLoading;
}

/** An admin screen: the page title (also the tab's), its description, the wider admin layout. */
export function AdminPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="[&>div]:max-w-6xl">
      <TitledPage title={title} description={description}>
        {children}
      </TitledPage>
    </div>
  );
}
