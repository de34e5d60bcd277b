import { parseArgs } from 'node:util';
import { messagesApi } from '#contracts/messages.api';
import { conversationResponseSchema } from '#contracts/messages';
import { runAppChild, seedPeople, type SignedIn } from './lib/app-child';
import { pooled } from './lib/concurrency';

/**
 * Bench child for the `messages` scenario: the REAL app on a throwaway PostgreSQL
 * (lib/app-child.ts: embedded, or a fresh database on the TEST_DATABASE_URL server), listening on
 * loopback. Before it reports ready it seeds:
 *
 * - `--conversations` coaches and as many clients, each with a profile and their role (set-based SQL);
 * - one sign-in session per person, opened by the real session service (only the password check is
 *   skipped);
 * - one conversation per pair, started by the client through the real POST /api/conversations
 *   (app.inject, in this process: the route, its checks and its insert, nothing written by hand).
 *
 * It reports `{ type: 'ready', port, info: { conversations: [{ id, coach: {id, token}, client: {...} }], ... } }`.
 *
 * With `--attach <databaseUrl>` it is a further instance of the app on that database (no migration, no
 * seed), as chat-server.ts.
 */

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: { conversations: { type: 'string', default: '1000' }, attach: { type: 'string' } },
});
const CONVERSATIONS = Number(args.conversations);

runAppChild({
  scenario: 'messages',
  attachTo: args.attach,
  seed: async ({ app, pool, signInAll, stopping }) => {
    const coachIds = await seedPeople(pool, {
      scenario: 'messages',
      role: 'coach',
      count: CONVERSATIONS,
      approved: true,
    });
    const clientIds = await seedPeople(pool, { scenario: 'messages', role: 'client', count: CONVERSATIONS });
    const signedIn = new Map(
      (await signInAll([...coachIds, ...clientIds])).map((person) => [person.id, person]),
    );
    const person = (id: string): SignedIn => {
      const found = signedIn.get(id);
      if (!found) throw new Error(`${id} was not signed in`);
      return found;
    };
    const pairs = coachIds.map((coachId, index) => ({
      coach: person(coachId),
      client: person(clientIds[index]!),
    }));
    const conversations = await pooled(pairs, 8, async ({ coach, client }) => {
      if (stopping()) return undefined;
      const response = await app.inject({
        method: messagesApi.start.method,
        url: messagesApi.start.path,
        headers: { authorization: `Bearer ${client.token}` },
        payload: { coach_id: coach.id },
      });
      if (response.statusCode !== 201)
        throw new Error(`POST ${messagesApi.start.path} answered ${response.statusCode}: ${response.body}`);
      const { conversation } = conversationResponseSchema.parse(response.json());
      return { id: conversation.id, coach, client };
    });
    return { conversations };
  },
});
