import { catalogueTags } from "../catalogue/catalogue-tags.ts";
import { EVERYTHING } from "../catalogue/read-cache.ts";
import type { Database } from "../db/client.ts";
import {
  deletePartnerHost,
  insertPartnerHost,
  listHostsWithPartnerCodes,
} from "./partner-hosts-repository.ts";

/** A host name as recorded and looked up: lower case, without a port or a final dot. */
export function hostNameOf(host: string): string {
  const bare = host.trim().toLowerCase();
  const withoutPort = bare.startsWith("[") ? bare.slice(0, bare.indexOf("]") + 1) : bare.replace(/:\d+$/, "");
  return withoutPort.replace(/\.$/, "");
}

export { isHostName } from "@storefront/domain";

/** Every recorded host with its partner's code; a partner's first recorded host is its address. */
export async function listPartnerHosts(db: Database): Promise<Array<{ host: string; partnerCode: string }>> {
  return listHostsWithPartnerCodes(db);
}

/** Records a host for a partner; false when another partner (or this one) has it already. */
export async function addPartnerHost(db: Database, partnerId: number, host: string): Promise<boolean> {
  return insertPartnerHost(db, { host: hostNameOf(host), partnerId });
}

export async function removePartnerHost(db: Database, host: string): Promise<boolean> {
  return deletePartnerHost(db, hostNameOf(host));
}

const CACHE_MS = 10_000;

/**
 * Which partner a request's host serves. A host recorded for a partner serves that partner. A host
 * recorded for no one serves the default partner (PARTNER_CODE) while the default records no host of
 * its own, so a single-partner deployment, or one that adds a second brand on its own domain, keeps
 * serving its first on every other host; once the default records its hosts, an unknown host serves
 * no one. Read for ten seconds at a time: past them the hosts read last still answer while they are
 * read again once (every page asks, and none of them waits behind a busy database for it); only the
 * first read, or one after `forget`, is waited for.
 */
export class PartnerHosts {
  private snapshot: { hosts: Map<string, string>; at: number } | null = null;
  private reading: Promise<Map<string, string>> | null = null;
  /** Counts `forget`: a read begun before one is not kept after it. */
  private generation = 0;
  constructor(
    private readonly db: Database,
    private readonly defaultPartnerCode: string,
  ) {}

  private async hosts(): Promise<Map<string, string>> {
    const snapshot = this.snapshot;
    if (snapshot && Date.now() - snapshot.at < CACHE_MS) return snapshot.hosts;
    if (!this.reading) {
      const generation = this.generation;
      const reading = listPartnerHosts(this.db).then((rows) => {
        const hosts = new Map(rows.map((row) => [row.host, row.partnerCode]));
        if (generation === this.generation) this.snapshot = { hosts, at: Date.now() };
        return hosts;
      });
      const over = () => {
        if (this.reading === reading) this.reading = null;
      };
      // A failed read in the background leaves the last hosts answering; the next request reads again.
      reading.then(over, over);
      this.reading = reading;
    }
    return snapshot ? snapshot.hosts : this.reading;
  }

  /** The storefront's partner on a host: its own, else the default while it records none, else null. */
  async partnerCodeOf(host: string): Promise<string | null> {
    const hosts = await this.hosts();
    const recorded = hosts.get(hostNameOf(host));
    if (recorded) return recorded;
    const defaultHasHosts = [...hosts.values()].includes(this.defaultPartnerCode);
    return defaultHasHosts ? null : this.defaultPartnerCode;
  }

  /** The partner that recorded this host, if one did (the console answers only its staff there). */
  async recordedPartnerCodeOf(host: string): Promise<string | null> {
    return (await this.hosts()).get(hostNameOf(host)) ?? null;
  }

  /**
   * The partner's storefront address, where links that leave the API (e-mails, payment returns,
   * invoice links) lead: PUBLIC_URL with the partner's first recorded host, or PUBLIC_URL itself
   * for a partner that recorded none.
   */
  async publicUrlOf(partnerCode: string, publicUrl: string): Promise<string> {
    for (const [host, code] of await this.hosts()) {
      if (code !== partnerCode) continue;
      const url = new URL(publicUrl);
      url.hostname = host;
      return url.origin;
    }
    return publicUrl;
  }

  /**
   * The address a page served at `host` builds its absolute links on: that host when the partner
   * recorded it, else the partner's own address (publicUrlOf); an unrecorded Host never comes back.
   */
  async storefrontOriginOf(host: string, partnerCode: string, publicUrl: string): Promise<string> {
    if ((await this.recordedPartnerCodeOf(host)) !== partnerCode)
      return this.publicUrlOf(partnerCode, publicUrl);
    const url = new URL(publicUrl);
    url.hostname = hostNameOf(host);
    return url.origin;
  }

  /** Whether a page's origin is a recorded host's, with PUBLIC_URL's scheme and port. */
  async isRecordedOrigin(origin: string, publicUrl: string): Promise<boolean> {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    const expected = new URL(publicUrl);
    return (
      url.protocol === expected.protocol &&
      url.port === expected.port &&
      (await this.hosts()).has(hostNameOf(url.hostname))
    );
  }

  /** The hosts changed: the next request reads them (and waits for them). */
  forget(): void {
    this.snapshot = null;
    this.reading = null;
    this.generation++;
  }

  /**
   * Forgets the hosts when the tags announce a change of them, or of everything (a reseed); any
   * other change (a price, a sign-out) leaves them, so no page waits for them behind a busy database.
   */
  forgetTagged(tags: readonly string[]): void {
    if (tags.includes(EVERYTHING) || tags.includes(catalogueTags.hosts())) this.forget();
  }
}
