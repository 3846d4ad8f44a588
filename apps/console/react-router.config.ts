import type { Config } from "@react-router/dev/config";

/**
 * The partner console: a single-page app (staff tools need no server rendering; every screen is
 * behind a sign-in), served by the storefront's server under /console and calling /api/console.
 */
export default {
  appDirectory: "app",
  ssr: false,
  basename: "/console/",
  buildDirectory: "build",
  routeDiscovery: { mode: "initial" },
} satisfies Config;
