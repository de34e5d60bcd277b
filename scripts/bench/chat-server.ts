import { parseArgs } from 'node:util';
import { runAppChild, seedPeople } from './lib/app-child';

/**
 * Bench child for the `chat` scenario: the REAL app on a throwaway PostgreSQL
 * (lib/app-child.ts: embedded, or a fresh database on the TEST_DATABASE_URL server), listening on
 * loopback. Before it reports ready it seeds, with set-based SQL:
 *
 * - `--sessions` coaches (approved) and as many clients, each with a profile and their role;
 * - one live session per pair, written directly as a chat_sessions row (status active, start_time now,
 *   SESSION_MINUTES long: no request, no accept, no money hold — the bench is about the chat path, and
 *   POST /api/sessions/:id/messages checks only that the session is on and the caller a party);
 * - one sign-in session per person, opened by the real session service (only the password check is
 *   skipped).
 *
 * It reports `{ type: 'ready', port, info: { sessions: [{ id, coach: {id, token}, client: {...} }], ... } }`.
 *
 * With `--attach <databaseUrl>` (the first instance's `info.databaseUrl`) it is a second instance of the
 * app on that database: no migration, no seed, the same bus (chat.ts `chat-two-instances`).
 */

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: { sessions: { type: 'string', default: '500' }, attach: { type: 'string' } },
});
const SESSIONS = Number(args.sessions);
/** Far longer than any run, so no session ends (or is completed by the timer) while measured. */
const SESSION_MINUTES = 240;
/** SPEC §9 default on-demand text price for 15 minutes, in cents (recorded only; nothing is charged). */
const PRICE = 3000;

runAppChild({
  scenario: 'chat',
  attachTo: args.attach,
  seed: async ({ pool, signInAll }) => {
    const coachIds = await seedPeople(pool, {
      scenario: 'chat',
      role: 'coach',
      count: SESSIONS,
      approved: true,
    });
    const clientIds = await seedPeople(pool, { scenario: 'chat', role: 'client', count: SESSIONS });
    const { rows } = await pool.query<{ id: string; coach_id: string; client_id: string }>(
      `insert into chat_sessions (coach_id, client_id, client_name, client_email, format, status,
                                  created_at, start_time, duration_minutes, payment_amount, session_value,
                                  client_purpose, updated_at)
       select c.coach_id, c.client_id, p.full_name, u.email, 'text', 'active',
              now(), now(), $3, $4, $4, 'Bench: chat', now()
         from unnest($1::uuid[], $2::uuid[]) as c(coach_id, client_id)
         join users u on u.id = c.client_id
         join profiles p on p.user_id = c.client_id
       returning id, coach_id, client_id`,
      [coachIds, clientIds, SESSION_MINUTES, PRICE],
    );
    const signedIn = new Map(
      (await signInAll([...coachIds, ...clientIds])).map((person) => [person.id, person]),
    );
    const sessions = rows.map((row) => ({
      id: row.id,
      coach: signedIn.get(row.coach_id),
      client: signedIn.get(row.client_id),
    }));
    return { sessions, sessionMinutes: SESSION_MINUTES };
  },
});
