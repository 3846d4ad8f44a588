import os from "node:os";
import path from "node:path";

/** Pictures are drawn once for all test files; each file still gets its own database. */
export const TEST_MEDIA_DIR = path.join(os.tmpdir(), "storefront-test-media");
