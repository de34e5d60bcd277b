import { autoRoleBodySchema, meResponseSchema, setLastActiveRoleBodySchema } from './auth';
import { endpointGroup } from './endpoint';

const endpoint = endpointGroup('Roles');
const signedInEndpoint = endpoint.as('signed-in');

/** SPEC §4 Role and §7: who the caller is, which roles they hold and which one is active. */
export const rolesApi = {
  me: signedInEndpoint({
    method: 'GET',
    path: '/api/me',
    summary: "The caller's roles, active role, admin status and session assurance",
    responses: { 200: meResponseSchema },
  }),
  setLastActiveRole: signedInEndpoint({
    method: 'POST',
    path: '/api/rpc/set_last_active_role',
    summary: 'Hold a role from now on and make it the active one',
    body: setLastActiveRoleBodySchema,
    responses: { 200: meResponseSchema },
  }),
  autoAssignRole: signedInEndpoint({
    method: 'POST',
    path: '/api/rpc/auto_assign_role',
    summary: 'A new account without a role gets the hinted one (client by default)',
    body: autoRoleBodySchema,
    responses: { 200: meResponseSchema },
  }),
} as const;
