import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { unzipSync } from "fflate";
import type { LiveUpdate, UpdateMemory } from "./live-update.ts";

interface FileState {
  /** The version of the bundle running (at first, the one inside the app). */
  current: string;
  /** The bundle to run from the next start. */
  next: string | null;
  lastInstalledVersion: string | null;
  brokenVersion: string | null;
}

/** A version names a folder: nothing that could climb out of it. */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;

/**
 * The device's bundles and preferences as files, for the tests and for trying a release on a
 * computer: what the live-update plugin does in the app (download, check, unpack, switch at the
 * next start), in a folder. `bundles/{version}/` holds each unpacked bundle, `state.json` the rest.
 */
export class FileLiveUpdate implements LiveUpdate, UpdateMemory {
  private readonly fetchArchive: typeof fetch;
  private readonly builtinVersion: string;

  constructor(
    private readonly root: string,
    options: { builtinVersion: string; fetch?: typeof fetch },
  ) {
    this.builtinVersion = options.builtinVersion;
    this.fetchArchive = options.fetch ?? fetch;
  }

  private get bundlesDir() {
    return path.join(this.root, "bundles");
  }

  private async state(): Promise<FileState> {
    try {
      return JSON.parse(await fs.readFile(path.join(this.root, "state.json"), "utf8")) as FileState;
    } catch {
      return { current: this.builtinVersion, next: null, lastInstalledVersion: null, brokenVersion: null };
    }
  }

  private async save(changes: Partial<FileState>) {
    const state = { ...(await this.state()), ...changes };
    await fs.mkdir(this.root, { recursive: true });
    const file = path.join(this.root, "state.json");
    await fs.writeFile(`${file}.tmp`, JSON.stringify(state));
    await fs.rename(`${file}.tmp`, file);
  }

  async download(release: { version: string; url: string; checksum?: string }) {
    if (!VERSION.test(release.version))
      throw new Error(`version ${JSON.stringify(release.version)} is not one`);
    const answer = await this.fetchArchive(release.url);
    if (!answer.ok) throw new Error(`archive answered ${answer.status}`);
    const archive = new Uint8Array(await answer.arrayBuffer());
    if (release.checksum) {
      const sum = createHash("sha256").update(archive).digest("hex");
      if (sum !== release.checksum) throw new Error(`archive checksum ${sum} is not ${release.checksum}`);
    }
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(archive);
    } catch (error) {
      throw new Error(`archive unreadable: ${(error as Error).message}`);
    }
    if (!files["index.html"]) throw new Error("the bundle has no index.html");
    const target = path.join(this.bundlesDir, release.version);
    const unpacking = `${target}.partial`;
    await fs.rm(unpacking, { recursive: true, force: true });
    try {
      for (const [name, bytes] of Object.entries(files)) {
        if (name.endsWith("/")) continue;
        const file = path.resolve(unpacking, name);
        // An entry such as "../../x" would write outside the bundle's folder.
        if (!file.startsWith(`${unpacking}${path.sep}`)) throw new Error(`entry ${name} leaves the bundle`);
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, bytes);
      }
      await fs.rm(target, { recursive: true, force: true });
      await fs.rename(unpacking, target);
    } catch (error) {
      await fs.rm(unpacking, { recursive: true, force: true });
      throw error;
    }
  }

  async setNext(version: string) {
    if (!(await this.bundles()).includes(version)) throw new Error(`no bundle ${version}`);
    await this.save({ next: version });
  }

  async bundles() {
    const entries = await fs.readdir(this.bundlesDir, { withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isDirectory() && !entry.name.endsWith(".partial"))
      .map((entry) => entry.name);
  }

  async delete(version: string) {
    if (!VERSION.test(version)) return;
    if ((await this.state()).current === version) throw new Error(`bundle ${version} is running`);
    await fs.rm(path.join(this.bundlesDir, version), { recursive: true, force: true });
  }

  async read() {
    const { lastInstalledVersion, brokenVersion } = await this.state();
    return { lastInstalledVersion, brokenVersion };
  }

  async write(changes: Partial<Pick<FileState, "lastInstalledVersion" | "brokenVersion">>) {
    await this.save(changes);
  }

  /** The app starts: it switches to the bundle set for the next start, and runs that. */
  async start(): Promise<string> {
    const state = await this.state();
    if (state.next) await this.save({ current: state.next, next: null });
    return state.next ?? state.current;
  }

  /** The bundle running now. */
  async current(): Promise<string> {
    return (await this.state()).current;
  }

  /** A file of a bundle, as the app's webview would read it. */
  async fileOf(version: string, name: string): Promise<string> {
    return fs.readFile(path.join(this.bundlesDir, version, name), "utf8");
  }
}
