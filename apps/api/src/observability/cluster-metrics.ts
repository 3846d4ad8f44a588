/**
 * Metrics of a `node:cluster` deployment: the workers share one port, so a scrape lands on any one
 * of them, and that worker answers the figures of all of them. It asks the primary over IPC; the
 * primary asks every worker for its registry (prom-client's AggregatorRegistry does that part),
 * adds them up and sends the text back.
 */
import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, type PrometheusContentType, type Registry } from "prom-client";

const ASK = "storefront:cluster-metrics:ask";
const ANSWER = "storefront:cluster-metrics:answer";

/**
 * How long a worker waits for the primary: longer than prom-client's own 5 s wait for the workers,
 * so a worker that hangs shows as the primary's error rather than as this timeout.
 */
const ANSWER_TIMEOUT_MS = 10_000;

interface Ask {
  type: typeof ASK;
  id: number;
}

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

function isMessage<T extends Ask | Answer>(message: unknown, type: T["type"]): message is T {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === type;
}

/**
 * In the primary, once: answers every worker's ask for the cluster's figures. Returns a function that
 * stops answering.
 */
export function serveClusterMetrics(): () => void {
  const aggregator = new AggregatorRegistry();
  const answer = (worker: Worker, message: unknown) => {
    if (!isMessage<Ask>(message, ASK)) return;
    const send = (reply: Omit<Answer, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...reply } satisfies Answer);
    };
    aggregator.clusterMetrics().then(
      (text) => send({ text }),
      (error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }),
    );
  };
  cluster.on("message", answer);
  return () => cluster.off("message", answer);
}

const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
let asked = 0;
/** Kept so prom-client's answer to the primary stays installed in this worker. */
let workerSide: AggregatorRegistry<PrometheusContentType> | null = null;

function hearAnswer(message: unknown): void {
  if (!isMessage<Answer>(message, ANSWER)) return;
  const pending = waiting.get(message.id);
  if (!pending) return;
  waiting.delete(message.id);
  if (message.text !== undefined) pending.resolve(message.text);
  else pending.reject(new Error(`the cluster's primary could not collect the metrics: ${message.error}`));
}

/**
 * In a worker: offers this process's registry to the primary's collection, and returns how to read
 * the figures of every worker added up.
 */
export function clusterMetricsOfWorker(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  if (!workerSide) {
    // Making one installs prom-client's answer to the primary's asks in this worker.
    workerSide = new AggregatorRegistry();
    process.on("message", hearAnswer);
  }
  return () =>
    new Promise<string>((resolve, reject) => {
      asked += 1;
      const id = asked;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the cluster's primary did not answer (does it call serveClusterMetrics?)"));
      }, ANSWER_TIMEOUT_MS);
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send?.({ type: ASK, id } satisfies Ask);
    });
}

/** Whether this process is a worker of a `node:cluster` primary, whose metrics are the cluster's. */
export const inClusterWorker = (): boolean => cluster.isWorker;
