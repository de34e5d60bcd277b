import { describe, expect, it } from 'vitest';
import { REQUEST_STATUSES, refusalMessage } from '#domain/sessions/request-machine';
import { SESSION_STATUSES } from '#domain/sessions/session-machine';
import { WITHDRAWAL_STATUSES } from '#domain/payouts/withdrawal-status';
import { SESSION_EXTENSION_MESSAGES, SESSION_EXTENSION_STATUSES } from './session-extensions';
import { CHAT_SESSION_STATUSES, SESSION_REQUEST_STATUSES } from './sessions';
import { withdrawalStatusSchema } from './payouts';

// The wire lists and texts agree with the domain's machines, which the server persists and refuses by.
describe('statuses on the wire', () => {
  it('are the state machines’ statuses', () => {
    expect(SESSION_REQUEST_STATUSES).toEqual(REQUEST_STATUSES);
    expect(SESSION_EXTENSION_STATUSES).toEqual(REQUEST_STATUSES);
    expect(CHAT_SESSION_STATUSES).toEqual(SESSION_STATUSES);
    expect(withdrawalStatusSchema.options).toEqual(WITHDRAWAL_STATUSES);
  });

  it('explain a lost race on a request for more time as the machine does', () => {
    for (const status of REQUEST_STATUSES)
      expect(SESSION_EXTENSION_MESSAGES.statusConflict[status]).toBe(
        refusalMessage(status, 'request for more time'),
      );
  });
});
