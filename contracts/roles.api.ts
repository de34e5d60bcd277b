import { autoRoleBodySchema, meResponseSchema, setLastActiveRoleBodySchema } from './auth';
import { defineEndpoint } from './endpoint';

const tag = 'Roles';

/** SPEC §4 Role and §7: who the caller is, which roles they hold and which one is active. */
export const rolesApi = {
  me: defineEndpoint({
    method: 'GET',
    path: '/api/me',
    summary: "The caller's roles, active role, admin status and session assurance",
    tag,
    access: 'signed-in',
    responses: { 200: meResponseSchema },
  }),
  setLastActiveRole: defineEndpoint({
    method: 'POST',
    path: '/api/rpc/set_last_active_role',
    summary: 'Hold a role from now on and make it the active one',
    tag,
    access: 'signed-in',
    body: setLastActiveRoleBodySchema,
    responses: { 200: meResponseSchema },
  }),
  autoAssignRole: defineEndpoint({
    method: 'POST',
    path: '/api/rpc/auto_assign_role',
    summary: 'A new account without a role gets the hinted one (client by default)',
    tag,
    access: 'signed-in',
    body: autoRoleBodySchema,
    responses: { 200: meResponseSchema },
  }),
} as const;
