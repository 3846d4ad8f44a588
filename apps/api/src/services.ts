import { knownStreetsGeocoder, type ReverseGeocoder } from "./accounts/geocoder.ts";
import { type MessageSender, outboxSender } from "./accounts/messages.ts";
import { CatalogueCache } from "./catalogue/catalogue.ts";
import { ImageStore } from "./catalogue/images.ts";
import type { Database } from "./db/client.ts";
import { AppError, LOCALITY_NOT_FOUND_MESSAGE } from "./errors.ts";
import { inProcessOrderEvents, type OrderEvents } from "./orders/order-events.ts";

/** What the route plugins share: the database, the caches and the clock. */
export interface AppServices {
  db: Database;
  imageStore: ImageStore;
  catalogueCache: CatalogueCache;
  /** SMS, e-mail and push; demo mode keeps them in the outbox. */
  sender: MessageSender;
  /** Names the place at a point, for the address form. */
  geocoder: ReverseGeocoder;
  /** Order status changes and courier moves, for the tracking sockets. */
  orderEvents: OrderEvents;
  now: () => Date;
  /** Sign-in codes one network address may ask for in an hour, when configured. */
  signInCodesPerAddressPerHour: number | undefined;
  localityNotFound: () => AppError;
}

export function createServices(
  db: Database,
  now: () => Date = () => new Date(),
  limits: { signInCodesPerAddressPerHour?: number | undefined } = {},
): AppServices {
  return {
    db,
    imageStore: new ImageStore(db),
    catalogueCache: new CatalogueCache(),
    sender: outboxSender(db),
    geocoder: knownStreetsGeocoder(db),
    orderEvents: inProcessOrderEvents(),
    now,
    signInCodesPerAddressPerHour: limits.signInCodesPerAddressPerHour,
    localityNotFound: () => new AppError(404, "LocalityNotFoundException", LOCALITY_NOT_FOUND_MESSAGE),
  };
}
