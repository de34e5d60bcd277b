import { parseArgs } from 'node:util';
import { runAppChild, seedPeople } from './lib/app-child';

/**
 * Bench child for the `sockets` scenario: the REAL app on a throwaway PostgreSQL (lib/app-child.ts),
 * listening on loopback, with `--people` clients seeded set-based (users, profiles, the client role)
 * and one sign-in session each, opened by the real session service (only the password check is
 * skipped). It reports `{ type: 'ready', port, info: { people: [{ id, token }], ... } }`.
 */

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: { people: { type: 'string', default: '5000' } },
});
const PEOPLE = Number(args.people);

runAppChild({
  scenario: 'sockets',
  seed: async ({ pool, signInAll }) => {
    const ids = await seedPeople(pool, { scenario: 'sockets', role: 'client', count: PEOPLE });
    return { people: await signInAll(ids) };
  },
});
