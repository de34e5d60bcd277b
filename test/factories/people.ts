import { randomUUID } from 'node:crypto';
import type { AuthSession } from '#contracts/auth';
import type { App } from '#server/app';
import { signUpWithRole, uniqueEmail } from '../support/auth';
import type { TestDatabase } from '../support/database';
import { topUpThroughEvent } from './money';

/** People for integration tests, made through the API (sign-up with a role) plus the rows an admin's approval leaves. */

type Pool = TestDatabase['pool'];

export type TestCoach = {
  id: string;
  session: AuthSession;
  email: string;
  username: string;
  fullName: string;
};

export type TestClient = { id: string; session: AuthSession; email: string; fullName: string };

/**
 * An approved (listed) coach who can sign in: signed up through the API with the coach role, then an
 * approved coach_applications row, the profile's name, username, online status and on-demand rates
 * (cents per 15 minutes; null = the SPEC §9 default: text 3000, audio 3500, video 4000) and categories.
 */
export async function insertCoach(
  app: App,
  pool: Pool,
  options: {
    fullName?: string;
    online?: boolean;
    approved?: boolean;
    rates?: { text?: number | null; audio?: number | null; video?: number | null };
    categories?: string[];
  } = {},
): Promise<TestCoach> {
  const fullName = options.fullName ?? 'Lena Ortiz';
  const session = await signUpWithRole(app, 'coach', { fullName });
  const id = session.user.id;
  const username = `coach-${id.slice(0, 8)}`;
  await pool.query(
    `insert into coach_applications (user_id, status, experience, bio) values ($1, $2, 'Years of practice', 'Bio')`,
    [id, options.approved === false ? 'pending' : 'approved'],
  );
  await pool.query(
    `insert into profiles (user_id, full_name) values ($1, $2) on conflict (user_id) do nothing`,
    [id, fullName],
  );
  await pool.query(
    `update profiles set full_name = $2, username = $3, is_online = $4,
            last_online_confirm_at = case when $4 then now() else null end,
            on_demand_text_price = $5, on_demand_audio_price = $6, on_demand_video_price = $7
      where user_id = $1`,
    [
      id,
      fullName,
      username,
      options.online ?? true,
      options.rates?.text ?? null,
      options.rates?.audio ?? null,
      options.rates?.video ?? null,
    ],
  );
  for (const category of options.categories ?? [])
    await pool.query('insert into coach_categories (coach_id, category) values ($1, $2)', [id, category]);
  return { id, session, email: session.user.email ?? `${id}@example.test`, username, fullName };
}

/** A client (client role, signed in) whose wallet holds `amount` cents, credited through the real top-up path. */
export async function insertClient(
  app: App,
  pool: Pool,
  amount: number,
  options: { fullName?: string } = {},
): Promise<TestClient> {
  const fullName = options.fullName ?? `Client ${randomUUID().slice(0, 6)}`;
  const session = await signUpWithRole(app, 'client', { fullName });
  if (amount > 0) await topUpThroughEvent(app, pool, session.user.id, amount);
  return { id: session.user.id, session, email: session.user.email ?? '', fullName };
}

/** A signed-up person with one role (a fresh address): the parties of rows inserted by insertChatSession. */
export type Person = { session: AuthSession; id: string; email: string };

export async function insertPerson(app: App, role: 'coach' | 'client', fullName: string): Promise<Person> {
  const email = uniqueEmail(role);
  const session = await signUpWithRole(app, role, { fullName, email });
  return { session, id: session.user.id, email };
}
