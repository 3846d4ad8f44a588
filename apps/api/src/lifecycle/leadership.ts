import pg from "pg";

/** The advisory lock key of the deployment's leader (class, object): apart from the start-up lock's. */
const LEADER_LOCK = [0x5354, 2] as const;

/** How often a follower tries to lead, and a leader checks its hold: a dead leader's place is taken within it. */
export const LEADERSHIP_POLL_MS = 2_000;

/** What only one process of a deployment does at a time (the delivery simulator, scheduled jobs). */
export interface LeaderDuties {
  /** This process leads from now on. */
  lead(): void;
  /** It no longer does (it lost its hold on the database, or is stopping). */
  follow(): void;
}

export interface Leadership {
  readonly leading: boolean;
  /** Gives the leadership up, so another process takes it at its next try, and stops trying. */
  stop(): Promise<void>;
}

/**
 * One process of a deployment leads: the one holding a PostgreSQL session advisory lock on a
 * connection of its own. The server releases the lock when that connection ends, so a leader that
 * dies (even by SIGKILL) is replaced at a follower's next try; a leader that loses its connection
 * stops its duties at once, before anyone else can take them over. With the embedded database the
 * process is the whole deployment and leads from the start.
 */
export function startLeadership(options: {
  databaseUrl: string | undefined;
  duties: LeaderDuties;
  log: { info(message: string): void; warn(message: string): void };
  pollMs?: number;
}): Leadership {
  const { duties, log } = options;
  let leading = false;
  const lead = () => {
    leading = true;
    duties.lead();
  };
  const follow = () => {
    if (!leading) return;
    leading = false;
    duties.follow();
  };

  const databaseUrl = options.databaseUrl;
  if (!databaseUrl) {
    lead();
    return {
      get leading() {
        return leading;
      },
      async stop() {
        follow();
      },
    };
  }

  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const lose = (reason: string) => {
    if (leading) log.warn(`leadership lost: ${reason}`);
    follow();
    const lost = client;
    client = null;
    lost?.end().catch(() => {});
  };

  async function tryRound(): Promise<void> {
    if (!client) {
      const fresh = new pg.Client({
        connectionString: databaseUrl,
        connectionTimeoutMillis: 3_000,
        query_timeout: 3_000,
        keepAlive: true,
      });
      fresh.on("error", (error) => {
        if (client === fresh) lose(error.message);
      });
      client = fresh;
      await fresh.connect();
    }
    if (leading) {
      // The lock lives as long as this connection: a failed check means it may be gone.
      await client.query("select 1");
      return;
    }
    const { rows } = await client.query<{ taken: boolean }>("select pg_try_advisory_lock($1, $2) as taken", [
      ...LEADER_LOCK,
    ]);
    if (rows[0]?.taken && !stopped) {
      log.info("leading this deployment: the delivery simulator and scheduled jobs run here");
      lead();
    }
  }

  let round: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = tryRound()
        .catch((error: Error) => lose(error.message))
        .finally(schedule);
    }, options.pollMs ?? LEADERSHIP_POLL_MS);
    timer.unref();
  };
  round = tryRound()
    .catch((error: Error) => lose(error.message))
    .finally(schedule);

  return {
    get leading() {
      return leading;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
      follow();
      // Ending the connection releases the lock at once.
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
