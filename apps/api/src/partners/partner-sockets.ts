import { PARTNER_SUSPENDED_CLOSE_CODE } from "@storefront/domain";
import { catalogueTags } from "../catalogue/catalogue-tags.ts";
import { EVERYTHING } from "../catalogue/read-cache.ts";

/** What of a socket this registry uses (a `ws` WebSocket). */
export interface ClosableSocket {
  close(code: number, reason: string): void;
  on(event: "close", listener: () => void): unknown;
}

/**
 * The open sockets (tracking, the console's live feed) of each partner in this process. When a
 * partner's row changes (its cache tag is announced, from this process or another through Redis),
 * its status is read again and a suspended partner's sockets are closed at once, so a suspension
 * reaches live connections as it reaches the next request.
 */
export class PartnerSockets {
  private readonly open = new Map<number, Set<ClosableSocket>>();

  constructor(private readonly isSuspended: (partnerId: number) => Promise<boolean>) {}

  add(partnerId: number, socket: ClosableSocket): void {
    let sockets = this.open.get(partnerId);
    if (!sockets) {
      sockets = new Set();
      this.open.set(partnerId, sockets);
    }
    sockets.add(socket);
    socket.on("close", () => {
      const current = this.open.get(partnerId);
      current?.delete(socket);
      if (current?.size === 0) this.open.delete(partnerId);
    });
  }

  /** Closes the sockets of every partner the tags name (all for a bulk change) that is suspended now. */
  async recheck(tags: readonly string[]): Promise<void> {
    const named = tags.includes(EVERYTHING)
      ? [...this.open.keys()]
      : [...this.open.keys()].filter((partnerId) => tags.includes(catalogueTags.partner(partnerId)));
    for (const partnerId of named) {
      if (!(await this.isSuspended(partnerId))) continue;
      for (const socket of this.open.get(partnerId) ?? [])
        socket.close(PARTNER_SUSPENDED_CLOSE_CODE, "partner suspended");
    }
  }
}
