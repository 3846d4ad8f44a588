// The demo's pictures, drawn into the suite's picture folder before the integration suite starts:
// `npm test` runs this on the core the type checks leave free while the unit tests and builds run
// (scripts/test.mjs). The suite's own seeding (global-setup.ts) then finds every picture kept, as a
// second start of the demo does, and its first file starts about 30 s sooner. The seed is what knows
// which pictures the demo has, so it seeds a database of its own that is thrown away.
import { openDatabase } from "../src/db/client.ts";
import { LocalMediaStore } from "../src/media/local-media-store.ts";
import { makeDemoSecrets } from "../src/seed/demo-secrets.ts";
import { seedDemoData } from "../src/seed/seed.ts";
import { TEST_MEDIA_DIR } from "./media-dir.ts";

const database = await openDatabase({ dataDir: null });
try {
  await seedDemoData(database.db, { media: new LocalMediaStore(TEST_MEDIA_DIR), secrets: makeDemoSecrets() });
} finally {
  await database.close();
}
