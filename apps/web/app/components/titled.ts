import type { MetaDescriptor } from "react-router";

/** The title "Platform — Suffix" from the locale layout's data and a translated suffix. */
export function titleFrom(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
  suffix: string,
): MetaDescriptor[] {
  const layout = matches.find((m) => m?.id === "locale")?.data as
    | { params?: { publicInfo: { platformName: string } } }
    | undefined;
  const platform = layout?.params?.publicInfo.platformName;
  return [{ title: platform ? `${platform} — ${suffix}` : suffix }];
}
