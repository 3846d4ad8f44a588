/** What Chromium sends as `Accept-Encoding`: the benches ask as a browser does, so answers come compressed. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
