import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Navigation rules run as server middleware before any loader.
  future: { v8_middleware: true },
  // The page carries the whole route manifest (about 2 kB compressed), so the browser never asks
  // /__manifest about every link it shows.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
