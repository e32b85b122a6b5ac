import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The chunking pass's view of the module graph (rolldown's ChunkingContext). */
interface Graph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;
}

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const MAIN_LAYOUT = path.join(SRC, 'app/layouts/main-layout.tsx');
/** What loads without the main layout: the entry, and the screens opened in BlankLayout. */
const WITHOUT_LAYOUT = [
  path.join(SRC, 'main.tsx'),
  path.join(SRC, 'features/auth/components/login-page.tsx'),
  path.join(SRC, 'features/obz/components/obz-page.tsx'),
];
/**
 * A package's barrel (`@mui/material`, `@tanstack/react-query`): its importedIds are every module
 * it re-exports, most of which the importer's tree-shaken code leaves out.
 */
const BARREL = /[\\/]node_modules[\\/].*[\\/]index\.m?js$/;
/**
 * The MUI components of the layout's navigation and header (nav-list, user-menu, main-layout), which
 * they import through the `@mui/material` barrel, so the closure does not see them. Fewer than the
 * `mui` group's 12 screens import them otherwise, so each was a chunk of its own (six requests and
 * ≈ 2 KB more on every screen: /recursos-humanos 351 KB against its 350, issue 34).
 */
const LAYOUT_MUI =
  /[\\/]node_modules[\\/]@mui[\\/]material[\\/](ListItemIcon|ListItemText|ListItemButton|ListSubheader|Divider|Toolbar)[\\/]/;

/** The modules `roots` import statically, not walking into barrels (what they surely load). */
function closure(graph: Graph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || BARREL.test(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The modules the main layout imports (navigation and its icons, the header's buttons and hooks)
 * in one chunk: every screen but the login opens inside the layout, so each of them loaded all of
 * these anyway, as a dozen small chunks (each one more request queued on the browser's six
 * HTTP/1.1 connections before the first paint; Lighthouse LCP, issue 21). Left out: what the entry
 * or a screen without the layout (login, OBZ) imports, lazily imported modules (the layout itself
 * among them: rolldown 1.2 leaves a grouped dynamic entry's namespace export undefined), and what
 * is only reached through a package barrel (the closure cannot tell which of its re-exports
 * survive tree-shaking). A `build.rolldownOptions.output.codeSplitting.groups` entry, after the
 * echarts and mui groups, which keep their modules.
 */
export function layoutChunk() {
  let captured: Set<string> | undefined;
  return {
    name: (id: string, graph: Graph) => {
      if (!captured) {
        const elsewhere = closure(graph, WITHOUT_LAYOUT);
        captured = new Set(
          [...closure(graph, [MAIN_LAYOUT])].filter(
            (m) => !elsewhere.has(m) && (graph.getModuleInfo(m)?.dynamicImporters.length ?? 0) === 0,
          ),
        );
      }
      return captured.has(id) || LAYOUT_MUI.test(id) ? 'layout' : null;
    },
    debugName: 'layout',
    includeDependenciesRecursively: false,
  };
}
