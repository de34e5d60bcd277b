/**
 * The shape both session machines share: a table of the status each event leads to, from each status
 * (absent = refused), and the answer of looking an event up in it.
 */
export type TransitionTable<Status extends string, Event extends string> = Record<
  Status,
  Partial<Record<Event, Status>>
>;

export type TransitionResult<Status, Refusal> = { ok: true; to: Status } | { ok: false; refusal: Refusal };

/** The status `event` leads to from `status`, or the refusal the machine gives for that status. */
export function lookUpTransition<Status extends string, Event extends string, Refusal>(
  table: TransitionTable<Status, Event>,
  status: Status,
  event: Event,
  refusalFrom: (status: Status) => Refusal,
): TransitionResult<Status, Refusal> {
  const to = table[status][event];
  return to ? { ok: true, to } : { ok: false, refusal: refusalFrom(status) };
}
