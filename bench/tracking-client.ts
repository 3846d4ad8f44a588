// A client process of the tracking benchmark (forked by tracking.ts): holds its share of the
// sockets, from a loopback address of its own so ports never run out, and notes when each
// courier move arrives. Commands and answers travel over the fork's IPC channel.
import WebSocket from "ws";

export type ClientCommand =
  | {
      type: "open";
      url: string;
      targets: Array<{ orderId: number; token: string }>;
      localAddress: string;
      /** Handshakes under way at once. */
      concurrency: number;
    }
  | { type: "count" }
  | { type: "receipts" }
  | { type: "close" };

export type ClientAnswer =
  | { type: "opened"; opened: number; startedAt: number; finishedAt: number; errors: string[] }
  | { type: "count"; received: number }
  | { type: "receipts"; receipts: number[]; closes: number }
  | { type: "closed" };

/** Wall-clock milliseconds with sub-millisecond precision, comparable across the bench's processes. */
export const clock = () => performance.timeOrigin + performance.now();

const sockets: WebSocket[] = [];
/** Flat triples: order id, latitude, time received. */
let receipts: number[] = [];
/** Sockets the server closed while the bench still listened. */
let unexpectedCloses = 0;
let closing = false;

function answer(message: ClientAnswer): void {
  process.send?.(message);
}

function openOne(url: string, token: string, localAddress: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: { cookie: `session=${token}` },
      localAddress,
      perMessageDeflate: false,
      handshakeTimeout: 60_000,
    });
    socket.on("message", (data) => {
      const received = clock();
      const text = data.toString();
      if (text === "pong") return;
      const message = JSON.parse(text) as { type: string; orderID: number; latitude: number };
      if (message.type === "COURIER_LOCATION_UPDATE")
        receipts.push(message.orderID, message.latitude, received);
    });
    socket.once("open", () => {
      sockets.push(socket);
      resolve();
    });
    socket.once("unexpected-response", (_request, response) => {
      reject(new Error(`refused with ${response.statusCode}`));
      socket.terminate();
    });
    socket.on("error", (error) => reject(error));
    socket.once("close", () => {
      if (!closing) unexpectedCloses += 1;
    });
  });
}

async function open(command: Extract<ClientCommand, { type: "open" }>): Promise<void> {
  const startedAt = clock();
  const errors: string[] = [];
  let next = 0;
  let opened = 0;
  const worker = async () => {
    while (next < command.targets.length) {
      const target = command.targets[next++]!;
      try {
        await openOne(`${command.url}?orderID=${target.orderId}`, target.token, command.localAddress);
        opened += 1;
      } catch (error) {
        if (errors.length < 5) errors.push(`order ${target.orderId}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, worker));
  answer({ type: "opened", opened, startedAt, finishedAt: clock(), errors });
}

process.on("message", (command: ClientCommand) => {
  if (command.type === "open") void open(command);
  if (command.type === "count") answer({ type: "count", received: receipts.length / 3 });
  if (command.type === "receipts") {
    answer({ type: "receipts", receipts, closes: unexpectedCloses });
    receipts = [];
  }
  if (command.type === "close") {
    closing = true;
    for (const socket of sockets.splice(0)) socket.terminate();
    answer({ type: "closed" });
  }
});
