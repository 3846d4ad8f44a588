import { isActiveOrderStatus } from "@storefront/domain";
import type { TrackingMessage } from "@storefront/domain/contract";
import type { WebSocket } from "ws";
import type { OrderEvent, OrderEvents, Subscription } from "./order-events.ts";
import type { TrackedOrder } from "./tracking-repository.ts";

/** The close the server sends when the order ended. */
const NORMAL_CLOSE = 1000;
/** Each socket is pinged every 30 s, so a connection that died without a word is noticed. */
const PING_MS = 30_000;
/** One timer pings a thirtieth of the sockets each second, never all of them at once. */
const PING_ROUNDS = 30;
/** A newly opened socket's picture of the order is read again when older than this. */
const PICTURE_MS = 5_000;
const OPEN = 1;

/** One message as it goes out on every socket of the order: serialized once, sent as text. */
interface Frame {
  data: Buffer;
  ends: boolean;
}

/** The order as a newly opened socket is told it: the courier, where they are, the status, then when. */
interface Picture {
  courier: Frame | null;
  location: Frame | null;
  eta: Frame | null;
  status: Frame;
}

/** The message the customer reads: the event without its ids, with the spec's orderID. */
export function trackingMessage(event: OrderEvent): string {
  const { orderId, userId: _user, ...message } = event;
  return JSON.stringify({ ...message, orderID: orderId } as TrackingMessage);
}

function frameOf(event: OrderEvent): Frame {
  return {
    data: Buffer.from(trackingMessage(event)),
    ends: event.type === "ORDER_STATUS_UPDATE" && !isActiveOrderStatus(event.status),
  };
}

function withEvent(picture: Picture, event: OrderEvent, frame: Frame): Picture {
  if (event.type === "COURIER_FOUND") return { ...picture, courier: frame };
  if (event.type === "COURIER_LOCATION_UPDATE") return { ...picture, location: frame };
  if (event.type === "ETA_UPDATE") return { ...picture, eta: frame };
  return { ...picture, status: frame };
}

function send(socket: WebSocket, frame: Frame): void {
  socket.send(frame.data, { binary: false });
}

/** The heartbeat text a client sends is answered with 'pong'; one function for every socket. */
function answerHeartbeat(this: WebSocket): void {
  this.send("pong");
}

/**
 * One order's tracking sockets, fed by a single subscription to its events. It keeps the order's
 * picture, read from the database and kept current by the events, so a socket that opens is told
 * the order as it is without a query of its own, and then hears every later event.
 */
class OrderChannel {
  /** Sockets told the picture, hearing every event. */
  readonly sockets = new Set<WebSocket>();
  /** Sockets still being told the picture. */
  joining = 0;
  readonly subscription: Subscription;
  private picture: Picture | null = null;
  private pictureAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;
  /** Events heard while the picture is read, laid over it once read; null when not reading. */
  private heard: Array<{ event: OrderEvent; frame: Frame }> | null = null;

  constructor(
    readonly orderId: number,
    events: OrderEvents,
    private readonly read: (orderId: number) => Promise<TrackedOrder | null>,
  ) {
    this.subscription = events.subscribe(orderId, (event) => this.hear(event));
  }

  private hear(event: OrderEvent): void {
    const frame = frameOf(event);
    if (this.heard) this.heard.push({ event, frame });
    else if (this.picture) this.picture = withEvent(this.picture, event, frame);
    for (const socket of this.sockets) send(socket, frame);
    if (frame.ends) for (const socket of this.sockets) socket.close(NORMAL_CLOSE, "order ended");
  }

  /** Tells the socket the order as it is, then lets it hear the order's events. */
  async join(socket: WebSocket): Promise<void> {
    this.joining += 1;
    try {
      await this.subscription.ready;
      if (performance.now() - this.pictureAt > PICTURE_MS) {
        this.reading ??= this.readPicture().finally(() => {
          this.reading = null;
        });
        await this.reading;
      }
      const picture = this.picture;
      if (socket.readyState !== OPEN) return;
      if (!picture) return socket.close(4404, "not found");
      // The status before the window: a new order's first message is its status, as the spec says.
      for (const frame of [picture.courier, picture.location, picture.status, picture.eta])
        if (frame) send(socket, frame);
      if (picture.status.ends) return socket.close(NORMAL_CLOSE, "order ended");
      this.sockets.add(socket);
    } finally {
      this.joining -= 1;
    }
  }

  private async readPicture(): Promise<void> {
    const startedAt = performance.now();
    this.heard = [];
    try {
      const order = await this.read(this.orderId);
      let picture: Picture | null = order && {
        courier: order.courier && frameOf(order.courier),
        location: order.location && frameOf(order.location),
        eta: order.eta && frameOf(order.eta),
        status: frameOf(order.status),
      };
      for (const { event, frame } of this.heard) if (picture) picture = withEvent(picture, event, frame);
      this.picture = picture;
      this.pictureAt = startedAt;
    } finally {
      this.heard = null;
    }
  }
}

/**
 * Every tracking socket of the process: grouped by order, one subscription per order, and pinged by
 * one shared timer rather than a timer per socket.
 */
export class TrackingSockets {
  private readonly channels = new Map<number, OrderChannel>();
  private readonly channelOf = new Map<WebSocket, OrderChannel>();
  private readonly pingRounds = Array.from({ length: PING_ROUNDS }, () => new Set<WebSocket>());
  private joined = 0;
  private pinged = 0;
  private readonly timer: NodeJS.Timeout;
  /** The close listener of every socket (ws calls it with the socket as `this`). */
  private readonly onClose: (this: WebSocket) => void;

  constructor(
    private readonly deps: {
      events: OrderEvents;
      read: (orderId: number) => Promise<TrackedOrder | null>;
    },
  ) {
    const sockets = this;
    this.onClose = function (this: WebSocket) {
      sockets.leave(this);
    };
    this.timer = setInterval(() => this.pingRound(), PING_MS / PING_ROUNDS);
    this.timer.unref();
  }

  /** Follows the order on the socket until the order ends or the socket closes. */
  async track(orderId: number, socket: WebSocket): Promise<void> {
    let channel = this.channels.get(orderId);
    if (!channel) {
      channel = new OrderChannel(orderId, this.deps.events, this.deps.read);
      this.channels.set(orderId, channel);
    }
    this.channelOf.set(socket, channel);
    this.pingRounds[this.joined++ % PING_ROUNDS]?.add(socket);
    socket.on("message", answerHeartbeat);
    socket.on("close", this.onClose);
    try {
      await channel.join(socket);
    } finally {
      this.releaseIfUnused(channel);
    }
  }

  close(): void {
    clearInterval(this.timer);
    for (const channel of this.channels.values()) channel.subscription.unsubscribe();
    this.channels.clear();
  }

  private leave(socket: WebSocket): void {
    const channel = this.channelOf.get(socket);
    this.channelOf.delete(socket);
    for (const round of this.pingRounds) round.delete(socket);
    if (!channel) return;
    channel.sockets.delete(socket);
    this.releaseIfUnused(channel);
  }

  private releaseIfUnused(channel: OrderChannel): void {
    if (channel.sockets.size > 0 || channel.joining > 0) return;
    if (this.channels.get(channel.orderId) !== channel) return;
    channel.subscription.unsubscribe();
    this.channels.delete(channel.orderId);
  }

  private pingRound(): void {
    const round = this.pingRounds[this.pinged++ % PING_ROUNDS] ?? [];
    for (const socket of round) if (socket.readyState === OPEN) socket.ping();
  }

  /** Sockets open now (told the order or being told it), for the metrics. */
  get openCount(): number {
    return this.channelOf.size;
  }
}
