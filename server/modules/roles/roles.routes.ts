import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autoRoleBodySchema, meResponseSchema, setLastActiveRoleBodySchema } from '../../../contracts/auth';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AuthService } from '../auth/auth.service';
import type { RolesService } from './roles.service';

export const rolesRoutes: FastifyPluginAsyncZod<{
  roles: RolesService;
  auth: AuthService;
  guard: AuthGuard;
}> = async (app, { roles, auth, guard }) => {
  const caller = async (request: FastifyRequest) => {
    const context = await guard.authenticate(request);
    return {
      userId: context.userId,
      aal: context.aal,
      guest: context.guest,
      hasVerifiedFactor: await auth.hasVerifiedFactor(context.userId),
    };
  };

  app.get('/api/me', { schema: { response: { 200: meResponseSchema } } }, async (request) =>
    roles.me(await caller(request)),
  );

  app.post(
    '/api/rpc/set_last_active_role',
    { schema: { body: setLastActiveRoleBodySchema, response: { 200: meResponseSchema } } },
    async (request) => roles.setLastActiveRole(await caller(request), request.body.role_name),
  );

  app.post(
    '/api/rpc/auto_assign_role',
    { schema: { body: autoRoleBodySchema, response: { 200: meResponseSchema } } },
    async (request) =>
      roles.assignAutomaticRole(await caller(request), {
        asParam: request.body.as ?? null,
        signupFlag: request.body.signup,
        onAuthPage: request.body.on_auth_page,
      }),
  );
};
