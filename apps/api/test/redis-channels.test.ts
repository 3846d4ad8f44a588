import { describe, expect, it, vi } from "vitest";
import type { OrderEvent } from "../src/orders/order-events.ts";
import { redisOrderEvents } from "../src/orders/redis-order-events.ts";

const redisUrl = process.env.REDIS_URL;

const moved = (orderId: number, latitude: number): OrderEvent => ({
  type: "COURIER_LOCATION_UPDATE",
  orderId,
  userId: 1,
  latitude,
  longitude: 24.1,
});

describe.runIf(redisUrl)("deployments sharing one Redis", () => {
  it("hear only their own orders: order 1 of one database is not order 1 of another", async () => {
    const shop = redisOrderEvents(redisUrl as string, `test-shop-${process.pid}:`);
    const sameShop = redisOrderEvents(redisUrl as string, `test-shop-${process.pid}:`);
    const otherShop = redisOrderEvents(redisUrl as string, `test-other-${process.pid}:`);
    try {
      const heard: OrderEvent[] = [];
      const listening = shop.subscribe(1, (event) => heard.push(event));
      await listening.ready;
      // Redis hands out messages in the order it took them: the other's, had it come, comes first.
      await otherShop.publish(moved(1, 56.95));
      await sameShop.publish(moved(1, 56.96));
      await vi.waitFor(() =>
        expect(heard.some((event) => "latitude" in event && event.latitude === 56.96)).toBe(true),
      );
      // The other deployment's move of its own order 1 never came.
      expect(heard).toHaveLength(1);
      listening.unsubscribe();
    } finally {
      await Promise.all([shop.close(), sameShop.close(), otherShop.close()]);
    }
  });
});
