import { announceToDeployment } from "../catalogue/catalogue-invalidations.ts";
import type { Config } from "../config.ts";

/**
 * Tells a deployment's running processes of a change a command made (a host, a new partner): through
 * its Redis, when it has one, so every process acts on it at once; without Redis (or when Redis
 * cannot be reached) they read it again within ten seconds. Answers which of the two it was, for the
 * command's own line.
 */
export async function announceChange(
  config: Pick<Config, "redisUrl" | "redisChannelPrefix">,
  tags: readonly string[],
): Promise<string> {
  if (!config.redisUrl) return "running processes see it within ten seconds";
  try {
    await announceToDeployment(config.redisUrl, config.redisChannelPrefix ?? "", tags);
    return "every running process sees it now";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `Redis could not be reached (${reason}): running processes see it within ten seconds`;
  }
}
