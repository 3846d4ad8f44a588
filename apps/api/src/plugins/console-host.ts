import path from "node:path";
import type { FastifyInstance } from "fastify";
import { hostSinglePageBuild } from "./single-page-host.ts";

/**
 * Serves the partner console's build (a single-page app, `build/client` of its React Router build)
 * under /console/. Its member's session names the partner, so the page is the same on every host.
 * Returns false when there is no build. `mediaOrigin`: where its pictures come from when not this
 * server (MEDIA_PUBLIC_URL's origin), which may be plain http on a trial's own machine.
 */
export function hostConsoleBuild(
  app: FastifyInstance,
  buildDir: string,
  mediaOrigin: string | null = null,
): Promise<boolean> {
  return hostSinglePageBuild(app, {
    root: path.join(buildDir, "client"),
    prefix: "/console/",
    metricsRoute: "console",
    // The zone editor's map tiles come from the partner's tile server, whichever partner it is.
    imgSrc: ["'self' data: https:", mediaOrigin].filter(Boolean).join(" "),
  });
}
