import type { Messages } from "@lingui/core";
import type { Locale } from "@storefront/domain";

/**
 * A language's catalogue being read, marked once read as React's `use` reads a promise: `use` then
 * takes its messages at once, where it would wait a render (on the server, render the page again).
 */
type Reading = Promise<Messages> & { status?: "fulfilled"; value?: Messages };

const readings = new Map<Locale, Reading>();

async function fetchCatalogue(url: string): Promise<Messages> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(url);
  return response.json();
}

async function importCatalogue(locale: Locale): Promise<Messages> {
  const { catalogues } = await import("virtual:catalogs");
  return (await catalogues[locale]()).default;
}

/**
 * A language's messages, read once per page (per process on the server): the server imports them
 * with its build, the browser (and the native app) fetches its file, `url` (`catalogueUrl`, which the
 * root loader sends), which the page began to fetch after its first frame. The page's HTML does not
 * carry them (decision 0190). A failed read is forgotten, so the next asks again.
 */
export function readCatalogue(locale: Locale, url: string): Promise<Messages> {
  const reading = readings.get(locale);
  if (reading) return reading;
  const read: Reading = (import.meta.env.SSR ? importCatalogue(locale) : fetchCatalogue(url)).then(
    (messages) => {
      read.status = "fulfilled";
      read.value = messages;
      return messages;
    },
  );
  read.catch(() => readings.delete(locale));
  readings.set(locale, read);
  return read;
}

/** The language's messages when they have been read already (meta, error pages), else none. */
export function catalogueRead(locale: Locale): Messages | undefined {
  return readings.get(locale)?.value;
}
