/**
 * The placeholder a request decoration starts with when the scope's onRequest hook always sets it
 * before any handler reads it (the partner, the ops key, the console member). Fastify wants a
 * decoration registered with a value no two requests share (null), yet types it by what handlers
 * read: this is that null, typed as what the hook will have put there.
 */
export function setByHook<T>(): T {
  return null as T;
}
