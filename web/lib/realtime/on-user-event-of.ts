import type { z } from 'zod';
import { onUserEvent } from './user-events';

/**
 * Listens for one event type on the person's own topic and hands over its payload once it matches the
 * contract's schema; a payload that does not is logged ("A <type> event did not match the contract")
 * and dropped. Returns the unsubscribe.
 */
export function onUserEventOf<Schema extends z.ZodType>(
  type: string,
  schema: Schema,
  handler: (payload: z.output<Schema>) => void,
): () => void {
  return onUserEvent(type, (event) => {
    const parsed = schema.safeParse(event.payload);
    if (!parsed.success) {
      console.error(`A ${type} event did not match the contract`, parsed.error);
      return;
    }
    handler(parsed.data);
  });
}
