/** `table[from][event]` is the next state; a missing entry is an impossible move. */
export type TransitionTable<State extends string, Event extends string> = Readonly<
  Record<State, Readonly<Partial<Record<Event, State>>>>
>;

/**
 * The state `event` moves a record in state `from` into, or throws: an impossible move is a bug in
 * the mock, never a client error (clients cannot trigger transitions directly). `machine` names the
 * table in that error.
 */
export function nextState<State extends string, Event extends string>(
  table: TransitionTable<State, Event>,
  from: State,
  event: Event,
  machine = 'state',
): State {
  const to = table[from][event];
  if (to === undefined) throw new Error(`Impossible ${machine} transition: ${from} --${event}-->`);
  return to;
}
