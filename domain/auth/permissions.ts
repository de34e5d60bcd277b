/** SPEC §6: admin roles and exactly the permissions each one has. super_admin has every permission. */
export const ADMIN_ROLES = [
  'super_admin',
  'coach_manager',
  'financial_admin',
  'community_moderator',
] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_PERMISSIONS = [
  'view_coaches',
  'manage_applications',
  'view_coach_stats',
  'view_revenue',
  'manage_payouts',
  'view_financial_reports',
  'view_platform_revenue',
  'moderate_posts',
  'manage_community',
  'view_user_reports',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

const PERMISSIONS_BY_ROLE: Record<Exclude<AdminRole, 'super_admin'>, readonly AdminPermission[]> = {
  coach_manager: ['view_coaches', 'manage_applications', 'view_coach_stats'],
  financial_admin: ['view_revenue', 'manage_payouts', 'view_financial_reports', 'view_platform_revenue'],
  community_moderator: ['moderate_posts', 'manage_community', 'view_user_reports'],
};

export function permissionsOf(role: AdminRole): readonly AdminPermission[] {
  return role === 'super_admin' ? ADMIN_PERMISSIONS : PERMISSIONS_BY_ROLE[role];
}

export const hasPermission = (role: AdminRole, permission: AdminPermission) =>
  permissionsOf(role).includes(permission);
