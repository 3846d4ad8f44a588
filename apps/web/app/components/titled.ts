import type { MetaDescriptor } from "react-router";
import { layoutMeta } from "../lib/meta.ts";

/** The title "Platform — Suffix" from the locale layout's data and a translated suffix. */
export function titleFrom(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
  suffix: string,
): MetaDescriptor[] {
  const { platform } = layoutMeta(matches);
  return [{ title: platform ? `${platform} — ${suffix}` : suffix }];
}
