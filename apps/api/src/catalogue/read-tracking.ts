import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What a storefront page read from the API while it was rendered, so the page can be kept as long
 * as exactly that data holds: the tags of the read cache's entries its calls were answered from,
 * and whether any call was answered otherwise (from data no tag names), which makes the page one
 * that cannot be kept.
 */
export class PageReads {
  readonly tags = new Set<string>();
  private untagged = false;

  /** One API call of the page, with what it read: an answer from no tagged read cannot be kept. */
  add(call: CallReads): void {
    if (!call.tagged) this.untagged = true;
    for (const tag of call.tags) this.tags.add(tag);
  }

  /** Every call was answered from tagged reads: the page holds until one of its tags changes. */
  get keepable(): boolean {
    return !this.untagged;
  }
}

/** The tagged reads one API call made. */
export class CallReads {
  readonly tags = new Set<string>();
  tagged = false;
}

const currentPage = new AsyncLocalStorage<PageReads>();
const currentCall = new AsyncLocalStorage<CallReads>();

/** Runs a page's render, noting what its API calls read (until the promises it starts settle). */
export function trackPageReads<T>(page: PageReads, render: () => T): T {
  return currentPage.run(page, render);
}

/** The page being rendered in this async context, if its reads are tracked. */
export function trackedPage(): PageReads | undefined {
  return currentPage.getStore();
}

/** Runs one API call of a tracked page, noting the tagged reads that answer it. */
export async function trackCallReads<T>(call: () => Promise<T>): Promise<{ value: T; reads: CallReads }> {
  const reads = new CallReads();
  // Awaited inside: an injected request (light-my-request) is sent when its answer is awaited.
  const value = await currentCall.run(reads, async () => await call());
  return { value, reads };
}

/** Called by the read cache with the tags of every value it hands out. */
export function noteTaggedRead(tags: readonly string[]): void {
  const call = currentCall.getStore();
  if (!call) return;
  call.tagged = true;
  for (const tag of tags) call.tags.add(tag);
}
