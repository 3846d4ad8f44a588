// Serves the native app's web bundle (apps/web/build-app/client) from an origin of its own, as
// Capacitor's local server does in the app: files as they are, every other path the bundle's
// index.html (a single-page app routes in the page).
import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";

const root = path.resolve(import.meta.dirname, "../apps/web/build-app/client");
const port = Number(process.env.APP_PORT);

const server = Fastify();
await server.register(fastifyStatic, { root, wildcard: false });
server.setNotFoundHandler((_request, reply) => reply.sendFile("index.html"));
await server.listen({ port, host: "127.0.0.1" });
