import { describe, expect, it } from "vitest";
import { eagerWrappers } from "./eager-commonjs.ts";

/** A chunk as Rolldown renders it: the runtime's wrapper, a CommonJS module in it, and its use. */
const CHUNK = `import { t as __commonJSMin } from "./rolldown-runtime.js";
var require_counter = /* @__PURE__ */ __commonJSMin(((exports, module) => {
\tlet count = 0;
\tmodule.exports = { next: () => ++count, self: this };
}));
var require_flag = /* @__PURE__ */ __commonJSMin(((exports) => {
\texports.on = true;
}));
var require_empty = /* @__PURE__ */ __commonJSMin((() => {
\tglobalThis.emptyRan = true;
}));
const ready = (() => { return 1; })();
export { require_counter, require_flag, require_empty, ready };
`;

/** Runs a chunk's code with the runtime's wrapper, as strict module code: what it exports. */
function run(code: string) {
  const body = code.replace(/^import .*\n/, "").replace(/^export \{(.*)\};$/m, "return {$1};");
  const commonJs = (cb: (...args: unknown[]) => void, mod?: { exports: unknown }) => () => {
    if (!mod) {
      mod = { exports: {} };
      cb(mod.exports, mod, mod.exports);
    }
    return mod.exports;
  };
  return new Function("__commonJSMin", `"use strict";\n${body}`)(commonJs) as Record<string, () => unknown>;
}

describe("eagerWrappers", () => {
  it("writes each CommonJS wrapper as a function expression, which V8 compiles with the script", () => {
    const eager = eagerWrappers(CHUNK);
    expect(eager).toContain("__commonJSMin((function(exports, module) {");
    expect(eager).toContain("__commonJSMin((function(exports) {");
    expect(eager).toContain("__commonJSMin((function() {");
    expect(eager).not.toMatch(/__commonJSMin\(\(\([^)]*\) =>/);
  });

  it("leaves the chunk's other arrows as they are", () => {
    expect(eagerWrappers(CHUNK)).toContain("const ready = (() => { return 1; })();");
    expect(eagerWrappers(CHUNK)).toContain("next: () => ++count");
  });

  it("keeps what the modules do: the same exports, `this` undefined inside", () => {
    const before = run(CHUNK);
    const after = run(eagerWrappers(CHUNK));
    for (const chunk of [before, after]) {
      const counter = chunk.require_counter!() as { next: () => number; self: unknown };
      expect([counter.next(), counter.next()]).toEqual([1, 2]);
      expect(counter.self).toBeUndefined();
      expect(chunk.require_flag!()).toEqual({ on: true });
    }
  });

  it("leaves a chunk without wrappers unchanged", () => {
    const plain = 'import { jsx } from "react/jsx-runtime";\nexport const f = (a) => a;\n';
    expect(eagerWrappers(plain)).toBe(plain);
  });
});
