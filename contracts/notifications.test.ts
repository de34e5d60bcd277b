import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS } from './notifications';

describe('notification texts', () => {
  it('end an admin’s reason with one full stop before our next sentence', () => {
    expect(NOTIFICATION_TEXTS.withdrawalRejected.message('$25.00', ' The bank account is closed ')).toBe(
      'Your withdrawal of $25.00 was rejected: The bank account is closed. The amount is back in your available earnings.',
    );
    expect(NOTIFICATION_TEXTS.applicationRejected.message('Please add your certificate!')).toBe(
      'The reviewer wrote: Please add your certificate! You can apply again.',
    );
    expect(NOTIFICATION_TEXTS.applicationRejected.message('See “Credentials.”')).toBe(
      'The reviewer wrote: See “Credentials.” You can apply again.',
    );
  });

  it('start a gift’s message with a capital letter', () => {
    expect(NOTIFICATION_TEXTS.giftReceived.message('a 30-minute video session with Lena Ortiz')).toBe(
      'A 30-minute video session with Lena Ortiz is waiting for you. Claim it to add it to your wallet.',
    );
  });
});
