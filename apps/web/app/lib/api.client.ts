/** The API from the browser, with the headers every request carries. */
export interface ClientApi {
  partnerCode: string;
  buildVersion: string;
  apiBase: string;
}

export async function clientGet<T>(
  api: ClientApi,
  path: string,
  locale: string,
  signal?: AbortSignal,
): Promise<T> {
  const response = await fetch(`${api.apiBase}${path}`, {
    headers: {
      "X-Partner-Code": api.partnerCode,
      "X-Build-Version": api.buildVersion,
      "Accept-Language": locale,
    },
    credentials: "include",
    signal: signal ?? null,
  });
  if (!response.ok) throw new Error(`API answered ${response.status}`);
  return (await response.json()) as T;
}
