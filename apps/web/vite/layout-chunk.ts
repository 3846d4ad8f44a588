import path from "node:path";

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * The pages most visits open, whose shared components join the layout's chunk: the locality's
 * catalogue, a vendor's page, the cart, an order's status (watched while the courier comes) and the
 * account menu (the layout of every account page).
 */
const MAIN_PAGES = [
  "locality.tsx",
  "locality-vendor-id.tsx",
  "cart.tsx",
  "menu-orders-id-status.tsx",
  "menu.tsx",
];

/**
 * The code every storefront page starts with, as one chunk instead of dozens: what the locale layout
 * imports statically, however deep (its components and libraries, and the domain rules they use),
 * and the components and libraries at least two of the main pages import statically (the header,
 * the cart button, the modal host, pictures…). Each file is compressed on its own, so forty small
 * files cost about a fifth more bytes on the wire than the same code in one (the vendor page: 50.2 kB
 * of the app's own code in 40 files, 39.2 kB as one), and a request each. Route modules, modals and
 * what only one main page or a few other pages import keep their own chunks and load on demand.
 */
export function layoutChunk(appDir: string) {
  const routes = path.join(appDir, "routes");
  const isLibrary = (id: string) =>
    !id.includes("?") &&
    (id.startsWith(path.join(appDir, "components")) ||
      id.startsWith(path.join(appDir, "lib")) ||
      id.includes(`${path.sep}packages${path.sep}domain${path.sep}`));
  let ofLayout: Set<string> | null = null;
  /** Every module `from` imports statically, however deep. */
  const reachable = (graph: ModuleGraph, from: string) => {
    const seen = new Set<string>();
    const queue = graph.getModuleInfo(from) ? [from] : [];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  /** The layout's modules, and those at least two main pages reach. */
  const layoutModules = (graph: ModuleGraph) => {
    const modules = reachable(graph, path.join(routes, "locale.tsx"));
    const pagesOf = new Map<string, number>();
    for (const page of MAIN_PAGES)
      for (const id of reachable(graph, path.join(routes, page))) pagesOf.set(id, (pagesOf.get(id) ?? 0) + 1);
    for (const [id, pages] of pagesOf) if (pages >= 2) modules.add(id);
    return modules;
  };
  return {
    groups: [
      {
        name: (id: string, graph: ModuleGraph) => {
          ofLayout ??= layoutModules(graph);
          return ofLayout.has(id) && isLibrary(id) ? "layout" : null;
        },
      },
    ],
  };
}
