/**
 * The storefront page's Content-Security-Policy: scripts only from this site or inline with the
 * page's nonce; connections to this site and the API (its tracking socket too); pictures from this
 * site, the API, its media origin (a CDN) and the partner's map tiles; frames of the partner's linked pages only; no plugins; no other base or form target; framed only
 * by the configured ancestors.
 */
export function contentSecurityPolicy(page: {
  nonce: string;
  pageUrl: URL;
  /** Where the browser reaches the API: "/api", or an absolute URL of another host. */
  apiBase: string;
  /** The partner's tile URL template ("https://{s}.tile.example/{z}/{x}/{y}.png"), when known. */
  mapTileUrl?: string | null | undefined;
  /** The partner's logo, when it is a picture on another host. */
  logoUrl?: string | null | undefined;
  /** Where the API's pictures load from when not the API itself (its MEDIA_PUBLIC_URL: a CDN). */
  mediaUrl?: string | null | undefined;
  frameAncestors: readonly string[];
  /** The origins of the partner's links the embedded frame shows; no other page is ever framed. */
  frameSources?: readonly string[];
  /** Where the native app's releases are read, when not on this site (UPDATES_URL). */
  updatesUrl?: string | null;
  /** The partner's Firebase web settings where the locality signs in with Firebase. */
  firebase?: Record<string, string> | null | undefined;
}): string {
  const firebase = firebaseSources(page.firebase);
  const api = new URL(page.apiBase, page.pageUrl);
  const apiOrigin = api.origin === page.pageUrl.origin ? null : api.origin;
  const sockets = [page.pageUrl, api].map(
    (url) => `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`,
  );
  const pictures = [
    apiOrigin,
    tileSource(page.mapTileUrl),
    pictureOrigin(page.logoUrl),
    pictureOrigin(page.mediaUrl),
  ];
  const directives: Record<string, Array<string | null>> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${page.nonce}'`, ...firebase.scripts],
    "script-src-attr": ["'none'"],
    // Leaflet and React set style attributes; styles cannot run code.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...pictures],
    "font-src": ["'self'", "data:"],
    "connect-src": [
      "'self'",
      apiOrigin,
      ...sockets,
      page.updatesUrl ? new URL(page.updatesUrl, page.pageUrl).origin : null,
      ...firebase.connections,
    ],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-src":
      page.frameSources?.length || firebase.frames.length
        ? [...(page.frameSources ?? []), ...firebase.frames]
        : ["'none'"],
    "frame-ancestors": [...page.frameAncestors],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources.filter((s) => s !== null))].join(" ")}`)
    .join("; ");
}

/**
 * Where the map's tiles come from: the template's origin, with Leaflet's subdomain placeholder
 * "{s}" as a wildcard; a host with other placeholders can only be allowed by its scheme.
 */
export function tileSource(template: string | null | undefined): string | null {
  const match = template ? /^(https?:)\/\/([^/?#]+)/i.exec(template) : null;
  if (!match) return null;
  const [, scheme, host] = match as unknown as [string, string, string];
  const wildcard = host.replace(/^\{s\}\./, "*.");
  return /[{}]/.test(wildcard) ? scheme.toLowerCase() : `${scheme.toLowerCase()}//${wildcard.toLowerCase()}`;
}

function pictureOrigin(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const { protocol, origin } = new URL(url);
  return protocol === "https:" || protocol === "http:" ? origin : null;
}

/**
 * What Firebase's phone sign-in needs of a page whose locality uses it (Firebase's documented
 * policy): its APIs, and reCAPTCHA's scripts and frames with the project's auth domain; only the
 * emulator's origin where the deployment signs in with Firebase's Auth Emulator (tests).
 */
function firebaseSources(settings: Record<string, string> | null | undefined) {
  if (!settings) return { scripts: [], connections: [], frames: [] };
  if (settings.emulatorUrl && URL.canParse(settings.emulatorUrl))
    return { scripts: [], connections: [new URL(settings.emulatorUrl).origin], frames: [] };
  const domain =
    settings.authDomain && /^[a-z0-9.-]+$/i.test(settings.authDomain) ? settings.authDomain : null;
  return {
    scripts: [
      "https://www.google.com/recaptcha/",
      "https://www.gstatic.com/recaptcha/",
      "https://apis.google.com",
    ],
    connections: [
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
      "https://www.google.com/recaptcha/",
    ],
    frames: [
      "https://www.google.com/recaptcha/",
      "https://recaptcha.google.com/recaptcha/",
      ...(domain ? [`https://${domain}`] : []),
    ],
  };
}
