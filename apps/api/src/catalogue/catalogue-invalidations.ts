import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";

/**
 * How a write tells the catalogue caches what it changed: in process by default; with Redis, every
 * API process of a deployment drops the tagged entries.
 */
export interface CatalogueInvalidations {
  /**
   * Drops what the tags name here at once and, with Redis, on every other process. Called after the
   * write committed; never rejects (a failure to reach Redis is reported, the write stands).
   */
  announce(tags: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** What a process does with the invalidations it hears. */
export interface InvalidationListener {
  invalidate(tags: readonly string[]): void;
  /** It may be missing invalidations from now on (its subscription is down): keep nothing. */
  deaf(): void;
  /** It hears them again. */
  hearing(): void;
}

export function inProcessInvalidations(listener: InvalidationListener): CatalogueInvalidations {
  return {
    async announce(tags) {
      listener.invalidate(tags);
    },
    async close() {},
  };
}

const CHANNEL = "catalogue:invalidations";
/** The deployment's channel: its prefix (REDIS_CHANNEL_PREFIX), then the channel's own name. */
const channelOf = (prefix: string) => `${prefix}${CHANNEL}`;
/** What goes on the channel: who announced (so a process skips its own) and the tags. */
const messageOf = (origin: string, tags: readonly string[]) => JSON.stringify({ origin, tags });

/**
 * Invalidations through Redis pub/sub. Until this process's subscription is live, and whenever it
 * drops, the listener is told it is deaf (and keeps nothing), since messages published meanwhile are
 * lost; it caches again once resubscribed.
 */
export function redisInvalidations(
  url: string,
  /** Before the channel's name: the deployment's own (REDIS_CHANNEL_PREFIX). */
  prefix: string,
  listener: InvalidationListener,
  onError: (error: unknown) => void,
): CatalogueInvalidations {
  const origin = randomUUID();
  const channelName = channelOf(prefix);
  // A publish waits for a reconnect briefly, then gives up: the write has already happened.
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url);
  listener.deaf();
  publisher.on("error", () => {});
  subscriber.on("error", () => {});
  subscriber.on("close", () => listener.deaf());
  subscriber.on("ready", () => {
    // ioredis resubscribes on reconnect before "ready"; the channel is live once that call settles.
    subscriber.subscribe(channelName).then(
      () => listener.hearing(),
      (error: unknown) => onError(error),
    );
  });
  subscriber.on("message", (channel: string, message: string) => {
    if (channel !== channelName) return;
    const parsed = parseMessage(message);
    if (!parsed) return onError(new Error("an unreadable catalogue invalidation"));
    if (parsed.origin !== origin) listener.invalidate(parsed.tags);
  });
  return {
    async announce(tags) {
      listener.invalidate(tags);
      try {
        await publisher.publish(channelName, messageOf(origin, tags));
      } catch (error) {
        onError(error);
      }
    },
    async close() {
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}

/**
 * An announcement made outside the deployment's processes (an operator's command): published once on
 * the deployment's channel, so every running process drops what the tags name at once. Rejects when
 * Redis cannot be reached within a few tries; the change made stands.
 */
export async function announceToDeployment(
  url: string,
  prefix: string,
  tags: readonly string[],
): Promise<void> {
  const publisher = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 3_000,
    // Two reconnections at most, then the publish rejects instead of waiting for good.
    retryStrategy: (times) => (times > 2 ? null : 200),
  });
  publisher.on("error", () => {});
  try {
    await publisher.publish(channelOf(prefix), messageOf(randomUUID(), tags));
  } finally {
    publisher.disconnect();
  }
}

function parseMessage(message: string): { origin: string; tags: string[] } | null {
  try {
    const parsed = JSON.parse(message) as { origin?: unknown; tags?: unknown };
    if (typeof parsed.origin !== "string" || !Array.isArray(parsed.tags)) return null;
    return { origin: parsed.origin, tags: parsed.tags.filter((tag) => typeof tag === "string") };
  } catch {
    return null;
  }
}
