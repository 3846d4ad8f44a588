import fs from "node:fs";
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import etag from "@fastify/etag";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import websocket from "@fastify/websocket";
import { PHONE_CODE_LENGTH_PRODUCTION } from "@storefront/domain";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import { TWILIO_STATUS_PATH } from "./accounts/twilio-sender.ts";
import { appOriginsOf } from "./app-origins.ts";
import { type Config, defaultPublicUrl } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { openMediaStore } from "./media/open-media-store.ts";
import { poolOf } from "./observability/database-pool.ts";
import { AppMetrics } from "./observability/metrics.ts";
import { countRequests, metricsRoutes } from "./observability/metrics-route.ts";
import { countOrdersByStatus } from "./observability/order-counts-repository.ts";
import { registerCompression } from "./plugins/compression.ts";
import { errorBody, registerErrorHandling } from "./plugins/errors.ts";
import { cachingHeaders } from "./plugins/http-caching.ts";
import { refuseControlCharacters } from "./plugins/input-edge.ts";
import { redactingLoggerOptions } from "./plugins/log-redaction.ts";
import { partnerScope } from "./plugins/partner.ts";
import { answerRequestIds, REQUEST_ID_HEADER, requestIdOf } from "./plugins/request-ids.ts";
import { DOCS_POLICY, registerSecurityHeaders } from "./plugins/security-headers.ts";
import { addressRoutes } from "./routes/addresses.ts";
import { adminRoutes } from "./routes/admin.ts";
import { brandPictureRoutes } from "./routes/brand-pictures.ts";
import { cartContentRoutes } from "./routes/cart-contents.ts";
import { cartRoutes } from "./routes/carts.ts";
import { consoleRoutes } from "./routes/console.ts";
import { courierRoutes } from "./routes/courier.ts";
import { courierLiveRoutes } from "./routes/courier-live.ts";
import { customerRoutes } from "./routes/customer.ts";
import { deliveryCheckRoutes } from "./routes/delivery-check.ts";
import { devRoutes } from "./routes/dev.ts";
import { favouriteRoutes } from "./routes/favourites.ts";
import { groupLiveRoutes } from "./routes/group-live.ts";
import { groupOrderRoutes } from "./routes/group-orders.ts";
import { healthRoutes } from "./routes/health.ts";
import { invoiceLinkRoutes, invoiceRoutes } from "./routes/invoices.ts";
import { loyaltyRoutes } from "./routes/loyalty.ts";
import { mediaRoutes } from "./routes/media.ts";
import { opsRoutes } from "./routes/ops.ts";
import { deliveryPhotoLinkRoutes, orderHistoryRoutes } from "./routes/order-history.ts";
import { orderRoutes } from "./routes/orders.ts";
import { paymentPageRoutes, paymentRoutes } from "./routes/payments.ts";
import { promoCodeRoutes } from "./routes/promo-codes.ts";
import { publicRoutes } from "./routes/public.ts";
import { reviewRoutes } from "./routes/reviews.ts";
import { stripeWebhookRoutes } from "./routes/stripe-webhook.ts";
import { trackingRoutes } from "./routes/tracking.ts";
import { twilioStatusRoutes } from "./routes/twilio-status.ts";
import { vendorRoutes } from "./routes/vendors.ts";
import { type AppServices, createServices } from "./services.ts";
import { serveAppUpdates } from "./updates/app-updates.ts";

export interface AppOptions {
  config: Pick<Config, "mediaDir" | "logLevel"> &
    Partial<
      Pick<
        Config,
        | "devRoutes"
        | "outbox"
        | "messageWebhook"
        | "fcm"
        | "fcmApiUrl"
        | "twilio"
        | "webPush"
        | "payments"
        | "partnerCode"
        | "signInCodesPerAddressPerHour"
        | "signInCodeLength"
        | "redisUrl"
        | "redisChannelPrefix"
        | "smtpUrl"
        | "invoiceLinkSecret"
        | "superAdminKey"
        | "firebaseJwksUrl"
        | "firebaseAuthEmulatorHost"
        | "trustProxy"
        | "publicUrl"
        | "metricsToken"
        | "metricsWithoutToken"
        | "updatesDir"
        | "appOrigins"
        | "consoleOrigins"
        | "media"
        | "mediaPublicUrl"
      >
    >;
  database: DatabaseHandle;
  /** The clock availability is judged by; tests pin it. */
  now?: () => Date;
  /**
   * Whether each public catalogue answer is checked against its response schema when it is built
   * (tests turn it on); otherwise it is serialized as its repositories built it.
   */
  checkAnswers?: boolean;
  /** Where log lines go (standard output unless given); tests read them. */
  logStream?: DestinationStream;
}

declare module "fastify" {
  interface FastifyInstance {
    /** What the routes share; tests reach the caches through it. */
    services: AppServices;
    /** The Prometheus figures the routes add to (orders placed, tracking sockets). */
    metrics: AppMetrics;
  }
}

/** The headers the storefront's clients (the native app's bundle) send across origins. */
const storefrontHeaders = [
  "Accept-Language",
  "Authorization",
  "Content-Type",
  "Idempotency-Key",
  "X-Build-Version",
  "X-Partner-Code",
  "X-Platform",
  "X-Request-Id",
  "X-Visitor-Token",
];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Secrets that travel in URLs (session tokens, invoice links, sign-in hand-overs) never reach the logs.
    logger: {
      level: options.config.logLevel,
      ...redactingLoggerOptions,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 256 * 1024,
    // The visitor's address (sign-in code limits, logs) as the configured proxies report it.
    trustProxy: options.config.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // On SIGTERM, a request the process has accepted is answered, not refused with 503: the listener is
    // closed first, so nothing new arrives, and the stop deadline bounds the wait.
    return503OnClosing: false,
    // The load balancer's id of the request when it sent a well-formed one; the logs call it reqId.
    genReqId: requestIdOf,
    // A URL the router cannot decode never reaches the error handler; answer it in the same shape.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      void reply
        .status(400)
        .header(REQUEST_ID_HEADER, request.id)
        .send(errorBody(request, { status: 400, type: "BadUrlException", message: error.message }));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  answerRequestIds(app);
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  refuseControlCharacters(app);

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Storefront API",
        version: "1.0.0",
        description:
          "The API of the delivery storefront. Money is in decimal major units of the locality's currency; " +
          "times of day belong to the locality's time zone. Errors share one body: " +
          "{status, type, errorCode?, message, details?, requestId}; requestId is the answer's X-Request-Id too.",
      },
      components: {
        securitySchemes: {
          partnerCode: {
            type: "apiKey",
            in: "header",
            name: "X-Partner-Code",
            description: "which partner's storefront",
          },
          session: {
            type: "apiKey",
            in: "cookie",
            name: "session",
            description: "the session cookie of the web; native apps send Authorization: Bearer <token>",
          },
          visitor: {
            type: "apiKey",
            in: "cookie",
            name: "visitor",
            description: "the anonymous visitor's cookie, set when a visitor starts a cart",
          },
          metricsToken: {
            type: "http",
            scheme: "bearer",
            description: "METRICS_TOKEN, the operator's: Prometheus sends it to read /metrics",
          },
          superAdminKey: {
            type: "http",
            scheme: "bearer",
            description: "SUPER_ADMIN_KEY, the deployment operator's: suspends and resumes partners",
          },
          courierSession: {
            type: "apiKey",
            in: "cookie",
            name: "courier_session",
            description:
              "the courier app's session, set by POST /api/courier/auth/login (a native shell sends the token as a bearer)",
          },
          consoleSession: {
            type: "apiKey",
            in: "cookie",
            name: "console_session",
            description: "the partner console's session, set by POST /api/console/session",
          },
          opsApiKey: {
            type: "apiKey",
            in: "header",
            name: "X-Api-Key",
            description: "an ops API key (vendor, courier or dispatch); it names the partner",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: DOCS_POLICY });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  await app.register(etag);
  // After the ETag, which is taken of the answer as it was made, whatever the encoding.
  await registerCompression(app);
  await app.register(cookie);
  const appOrigins = appOriginsOf(options.config.appOrigins?.join(" "));
  const consoleOrigins = options.config.consoleOrigins ?? [];
  const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
  // The native app's bundle calls the API from its own origin, with a bearer token and no cookie;
  // a console served from an origin of its own calls /api/console with the member's cookie.
  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      if (request.url.startsWith("/api/console/") && origin && consoleOrigins.includes(origin)) {
        callback(null, {
          origin,
          credentials: true,
          methods,
          allowedHeaders: ["Accept-Language", "Content-Type", "X-Request-Id"],
          maxAge: 600,
        });
        return;
      }
      callback(null, {
        origin: appOrigins,
        credentials: false,
        methods,
        allowedHeaders: storefrontHeaders,
        maxAge: 600,
      });
    },
  });
  // Tracking sockets only ever receive a heartbeat text: a small frame limit keeps a client from
  // making the server buffer megabytes per socket; compression would cost memory on every socket.
  await app.register(websocket, {
    options: { maxPayload: 4096, perMessageDeflate: false },
    // A process that stops says "going away" (1001): the tracking client reconnects, by its backoff,
    // to a process that stays.
    preClose(done) {
      const server = this.websocketServer;
      let open = server.clients.size;
      let finished = false;
      // Clients get a second to answer the close; the rest are cut, so a stop never waits on them.
      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(deadline);
        for (const socket of server.clients) socket.terminate();
        server.close();
        done();
      };
      const deadline = setTimeout(finish, 1_000);
      for (const socket of server.clients) {
        socket.once("close", () => {
          open -= 1;
          if (open === 0) finish();
        });
        socket.close(1001, "server stopping");
      }
      if (open === 0) finish();
    },
  });

  const media = await openMediaStore(options.config.media, options.config.mediaDir);
  if (options.config.media?.store === "s3") {
    // The bucket's pictures at the same addresses as the folder's: this API is a CDN's origin.
    await app.register(mediaRoutes(media));
  } else {
    fs.mkdirSync(options.config.mediaDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: options.config.mediaDir,
      prefix: "/api/media/",
      decorateReply: false,
      immutable: true,
      maxAge: "365d",
      // Pictures are public and the native app shows them from another origin.
      setHeaders: (reply) => reply.header("cross-origin-resource-policy", "cross-origin"),
    });
  }

  if (options.config.updatesDir) await serveAppUpdates(app, options.config.updatesDir);

  const publicUrl = options.config.publicUrl ?? defaultPublicUrl(3000);
  const services = createServices(options.database.db, options.now, {
    signInCodesPerAddressPerHour: options.config.signInCodesPerAddressPerHour,
    // Production's length unless the configuration (demo mode's default) says otherwise.
    signInCodeLength: options.config.signInCodeLength ?? PHONE_CODE_LENGTH_PRODUCTION,
    redisUrl: options.config.redisUrl,
    redisChannelPrefix: options.config.redisChannelPrefix ?? "",
    smtpUrl: options.config.smtpUrl,
    invoiceLinkSecret: options.config.invoiceLinkSecret,
    firebaseJwksUrl: options.config.firebaseJwksUrl,
    firebaseAuthEmulatorHost: options.config.firebaseAuthEmulatorHost,
    outbox: options.config.outbox ?? true,
    messageWebhook: options.config.messageWebhook,
    fcm: options.config.fcm,
    fcmApiUrl: options.config.fcmApiUrl,
    twilio: options.config.twilio,
    webPush: options.config.webPush,
    payments: options.config.payments ?? { provider: "sandbox" },
    defaultPartnerCode: options.config.partnerCode ?? "demo",
    publicUrl,
    appOrigins,
    consoleOrigins,
    media,
    mediaPublicUrl: options.config.mediaPublicUrl,
    reportError: (error, message) => app.log.error({ err: error }, message),
    log: (message) => app.log.info(message),
    checkAnswers: options.checkAnswers ?? false,
  });
  app.decorate("services", services);
  const metrics = new AppMetrics({
    readCache: services.readCache,
    pageCache: services.pageCache,
    pool: poolOf(options.database),
    countOrdersByStatus: () => countOrdersByStatus(options.database.db),
    messages: services.outbox.counts,
    reportError: (error, message) => app.log.error({ err: error }, message),
  });
  app.decorate("metrics", metrics);
  countRequests(app, metrics);
  app.addHook("onClose", () => services.orderEvents.close());
  app.addHook("onClose", () => services.catalogueInvalidations.close());
  app.addHook("onClose", async () => {
    await services.redis?.quit().catch(() => {});
  });
  await app.register(healthRoutes(services));
  await app.register(
    metricsRoutes(metrics, {
      token: options.config.metricsToken,
      withoutToken: options.config.metricsWithoutToken ?? false,
    }),
  );
  // The ops API is the partner's own (vendors, couriers, the simulator): its API keys say which partner.
  await app.register(opsRoutes(services));
  await app.register(invoiceLinkRoutes(services));
  await app.register(deliveryPhotoLinkRoutes(services));
  await app.register(brandPictureRoutes(services));
  await app.register(adminRoutes(services, options.config.superAdminKey));
  await app.register(paymentPageRoutes(services));
  // Stripe's events, on the host of the partner whose account sends them: where the deployment's
  // processor is Stripe, or where partners may have Stripe accounts of their own.
  const payments = options.config.payments;
  if (payments?.provider === "stripe" || payments?.keysSecret)
    await app.register(stripeWebhookRoutes(services));
  if (options.config.twilio && options.config.outbox === false)
    await app.register(
      twilioStatusRoutes(services.db, {
        authToken: options.config.twilio.authToken,
        statusCallback: new URL(TWILIO_STATUS_PATH, publicUrl).href,
      }),
    );
  await app.register(trackingRoutes(services));
  await app.register(courierLiveRoutes(services));
  await app.register(groupLiveRoutes(services));
  // The partner console's API: its session cookie names the partner.
  await app.register(consoleRoutes(services));
  if (options.config.devRoutes) await app.register(devRoutes(services));
  await app.register(async (scope) => {
    partnerScope(scope, services.partners);
    // Public catalogue answers are shared by everyone; a customer's own answers are never cached.
    cachingHeaders(scope);
    await scope.register(publicRoutes(services));
    await scope.register(vendorRoutes(services));
    await scope.register(customerRoutes(services));
    await scope.register(courierRoutes(services));
    await scope.register(favouriteRoutes(services));
    await scope.register(addressRoutes(services));
    await scope.register(cartRoutes(services));
    await scope.register(cartContentRoutes(services));
    await scope.register(groupOrderRoutes(services));
    await scope.register(deliveryCheckRoutes(services));
    await scope.register(orderRoutes(services));
    await scope.register(promoCodeRoutes(services));
    await scope.register(loyaltyRoutes(services));
    await scope.register(orderHistoryRoutes(services));
    await scope.register(paymentRoutes(services));
    await scope.register(invoiceRoutes(services));
    await scope.register(reviewRoutes(services));
  });
  return app;
}
