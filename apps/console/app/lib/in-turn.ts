/**
 * Work done one piece at a time, in the order it was asked for: each piece starts once the one
 * before it has ended, whether that one succeeded or failed. Requests sent this way reach the server
 * in turn, so it saves them in turn.
 */
export function inTurn(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const next = last.then(work);
    last = next.catch(() => undefined);
    return next;
  };
}
