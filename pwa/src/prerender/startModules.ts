import { readFileSync } from 'node:fs';
import { jsonScriptElement, matchAppRoute } from '@coach/site-rules';
import { PAGE_MODULES } from '../app/App.tsx';
import { START_MODULES_ID } from '../app/start/startModules.ts';

/** A chunk of the client build, as the build's manifest (dist/.vite/manifest.json) names it. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The client build's manifest, beside this bundle (dist-ssr/ next to dist/); none: no list. */
function readManifest(): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(new URL('../dist/.vite/manifest.json', import.meta.url), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** The files of `keys` and of every chunk they import, in import order. */
function withImports(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    files.add(chunk.file);
  };
  keys.forEach(visit);
  return [...files];
}

/** The manifest's key of the entry, the page's one script. */
const ENTRY = 'index.html';
/**
 * The entry's dynamic import that is no step of the app's start-up: the script of a page whose app
 * starts on demand, which that page's entry asks for before anything else (and no other page needs).
 */
const ON_DEMAND_MODULE = 'src/app/start/onDemand.ts';

let manifest: Manifest | undefined | null = null;
/** The element per page module: the same for every render of a page, so made once. */
const elementOf = new Map<string, string>();

/**
 * The element naming the files a page drawn on the server starts with: the app's start-up modules
 * (the entry's dynamic imports, each loaded in a step of its own) and the chunk of the page at
 * `urlPath` with what it imports. The entry asks for them all at once after the first paint
 * (src/app/start/startModules.ts) instead of one after another as each step needs the next.
 */
export function startModulesElement(urlPath: string): string {
  if (manifest === null) manifest = readManifest();
  if (!manifest) return '';
  const route = matchAppRoute(urlPath.split('?')[0]!);
  const page = route ? `src/${PAGE_MODULES[route.name]}` : '';
  let element = elementOf.get(page);
  if (element === undefined) {
    // The entry and its own imports are the page's script already.
    const entryFiles = new Set(withImports(manifest, [ENTRY]));
    const steps = (manifest[ENTRY]?.dynamicImports ?? []).filter((key) => key !== ON_DEMAND_MODULE);
    const files = withImports(manifest, [...steps, ...(page ? [page] : [])]).filter((file) => !entryFiles.has(file));
    element = jsonScriptElement(START_MODULES_ID, files);
    elementOf.set(page, element);
  }
  return element;
}
