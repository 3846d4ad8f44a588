import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Navigation rules run as server middleware before any loader.
  future: { v8_middleware: true },
} satisfies Config;
