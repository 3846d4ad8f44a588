import type { Plugin } from "vite";

/**
 * Rolldown's wrapper of a CommonJS module (React, ReactDOM, the scheduler, Leaflet…) as its output
 * writes it before minifying: `__commonJSMin(((exports, module) => { …the module… }))`.
 */
const ARROW_WRAPPER = /\b(__commonJSMin\w*)\(\(\(([\w$]+(?:, [\w$]+)*)?\) => \{/g;

/**
 * The chunk's CommonJS wrappers as parenthesised function expressions, which V8 compiles with the
 * script, off the main thread while it streams in, instead of when the wrapper is first called. A
 * wrapper is called as soon as a module importing it runs, so its compilation was on the page's main
 * thread: ReactDOM's is 144 kB of code in one function, parsed twice (once to skip it, once to run
 * it) inside the long task that evaluates the page's modules (decision 0189). The body is the same; a
 * wrapper's `this` is undefined either way (it is called plainly, in strict code) and a module's code
 * does not read its wrapper's `arguments`.
 */
export function eagerWrappers(code: string): string {
  return code.replace(ARROW_WRAPPER, "$1((function($2) {");
}

/** `eagerWrappers` on every chunk of the browser's build, before it is minified and hashed. */
export function eagerCommonJs(): Plugin {
  return {
    name: "storefront:eager-commonjs",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    renderChunk(code) {
      if (!code.includes("__commonJSMin")) return null;
      return { code: eagerWrappers(code), map: null };
    },
  };
}
