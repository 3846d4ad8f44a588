import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * React Router preloads every module of the page (`<link rel="modulepreload">`), and a browser
 * fetches those at high priority, beside the stylesheet, the fonts and the picture the customer waits
 * for. The page is rendered on the server and readable before its scripts run, so on a slow phone
 * network the scripts had better wait for what the first paint needs: this stream marks each of
 * those links `fetchpriority="low"` as it passes (a browser still fetches them all in parallel,
 * as soon as the more urgent requests leave it room).
 */
const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

export function lowPriorityModulePreloads(): Transform {
  /** The end of the text so far that may be the start of a link the next chunk completes. */
  let held = "";
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = held + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const keep = partialMatchLength(text);
      held = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD));
    },
    flush(callback: TransformCallback) {
      callback(null, held + decoder.end());
    },
  });
}

/** How many characters at the end of `text` are a proper start of the link's opening. */
function partialMatchLength(text: string): number {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length--) {
    if (PRELOAD.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
