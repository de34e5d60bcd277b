/**
 * The closed list of admin actions the audit log records (SPEC §6: admin actions are logged through
 * log_admin_activity), each with the kind of thing it acts on. The server's own audit rows use these
 * names; POST /api/rpc/log_admin_activity (a browser reporting an admin action) accepts only these, with
 * their target type, and its rows are marked self-reported. A new admin action is
 * added here first.
 */
export const ADMIN_ACTIONS = {
  view_audit_log: 'audit_log',
  view_security_events: 'security_events',
  view_coaches: 'coaches',
  end_user_sessions: 'user',
  set_admin_role: 'user',
  view_coach_applications: 'coach_application',
  view_coach_application: 'coach_application',
  'coach_application.approved': 'coach_application',
  'coach_application.rejected': 'coach_application',
  create_platform_coupon: 'coupon',
  update_platform_coupon: 'coupon',
  view_payout_details: 'withdrawals',
  approve_withdrawal: 'withdrawal',
  reject_withdrawal: 'withdrawal',
  mark_withdrawal_paid: 'withdrawal',
  session_refund: 'money_hold',
  export_platform_revenue: 'platform_revenue',
  view_message_reports: 'message_reports',
} as const;

export type AdminActionType = keyof typeof ADMIN_ACTIONS;
export type AdminTargetType = (typeof ADMIN_ACTIONS)[AdminActionType];

export const ADMIN_ACTION_TYPES = Object.keys(ADMIN_ACTIONS) as [AdminActionType, ...AdminActionType[]];
export const ADMIN_TARGET_TYPES = [...new Set(Object.values(ADMIN_ACTIONS))] as [
  AdminTargetType,
  ...AdminTargetType[],
];

export const isAdminActionType = (value: string): value is AdminActionType =>
  Object.hasOwn(ADMIN_ACTIONS, value);

export const ADMIN_ACTION_MESSAGES = {
  unknownAction: 'Not an admin action the audit log knows.',
  wrongTarget: (action: AdminActionType) => `${action} acts on a ${ADMIN_ACTIONS[action]}.`,
} as const;
