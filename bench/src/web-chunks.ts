import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './setup.ts';

const WEB = join(repoRoot, 'web');
const GRAPH = join(WEB, 'node_modules/.vite/chunk-graph.json');

type Graph = Record<string, { imports: string[]; source: string | null; modules?: string[] }>;

/** The pages measured and the sources of the chunks their route loads (the feature index, then the page). */
export const CHUNK_PAGES = [
  { name: '/login', sources: ['src/features/auth/index.ts', 'src/features/auth/pages/login-page.tsx'] },
  {
    name: '/ (dashboard)',
    sources: ['src/features/dashboard/index.ts', 'src/features/dashboard/pages/dashboard-page.tsx'],
  },
];

export interface PageScripts {
  name: string;
  /** Brotli bytes of the entry chunk, the route's chunks and everything they import statically. */
  bytes: number;
  files: number;
}

const brotliBytes = (file: string) => {
  const path = join(WEB, 'dist', file);
  return statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size;
};

/** JavaScript each page loads before it draws, from the last build's chunk graph. */
export function pageScripts(): PageScripts[] {
  const graph = JSON.parse(readFileSync(GRAPH, 'utf8')) as Graph;
  const bySource = new Map(Object.entries(graph).map(([file, c]) => [c.source, file]));
  const entry = bySource.get('index.html');
  if (!entry) throw new Error('the chunk graph has no entry chunk');
  return CHUNK_PAGES.map(({ name, sources }) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of graph[file]?.imports ?? []) visit(imported);
    };
    visit(entry);
    for (const source of sources) {
      // A route module merged into a bigger chunk has no chunk of its own: the chunk holding it.
      const file = bySource.get(source) ?? Object.entries(graph).find(([, c]) => c.modules?.includes(source))?.[0];
      if (!file) throw new Error(`no chunk is built from ${source}`);
      visit(file);
    }
    const bytes = [...seen].reduce((sum, file) => sum + brotliBytes(file), 0);
    return { name, bytes, files: seen.size };
  });
}
