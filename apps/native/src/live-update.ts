/**
 * What the updater needs of the device, behind interfaces: the app implements them with its
 * live-update and preferences plugins, the tests with files (`file-live-update.ts`).
 */

/** The bundles of the web app on the device. */
export interface LiveUpdate {
  /**
   * Downloads the archive, checks it against its SHA-256 when one is given, and unpacks it as bundle
   * `version`; throws when any step fails, leaving no bundle of that version behind.
   */
  download(release: { version: string; url: string; checksum?: string }): Promise<void>;
  /** The bundle the app runs from its next start: the switch "when available". */
  setNext(version: string): Promise<void>;
  /** The versions of the downloaded bundles. */
  bundles(): Promise<string[]>;
  delete(version: string): Promise<void>;
}

/** What the updater remembers between runs (the app's preferences). */
export interface UpdateMemory {
  read(): Promise<{ lastInstalledVersion: string | null; brokenVersion: string | null }>;
  write(
    changes: Partial<{ lastInstalledVersion: string | null; brokenVersion: string | null }>,
  ): Promise<void>;
}
