import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const api = process.env.OVERLAP_API ?? 'http://localhost:3000';

/** Files worth a compressed twin (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) next to every compressible
 * file of the build, so the server sends them as they are instead of compressing per request.
 * A twin that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'overlap-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

const CONTRACT_SOURCE = /\/contract\/src\/[\w-]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

/**
 * Marks the contract's top-level schema definitions (`const x = z.object(...).min(1)`,
 * `= base.extend(...)`) as pure, each whole initializer wrapped in an annotated arrow call:
 * building a schema has no effect, so a page that reads one constant of a contract module does
 * not load zod for the schemas next to it that the web app never calls.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'overlap-pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const d of declaration.declarations ?? []) if (d.init?.type === 'CallExpression') inits.push(d.init);
      }
      let marked = code;
      for (const init of inits.reverse()) {
        marked = `${marked.slice(0, init.start)}/* @__PURE__ */ (() => ${marked.slice(init.start, init.end)})()${marked.slice(init.end)}`;
      }
      return { code: marked, map: null };
    },
  };
}

/**
 * Preloads the Latin subset of the text font (the other subsets load only when a page shows their
 * characters), so text is drawn in its own font on first paint instead of shifting when it arrives.
 */
function preloadFont(): Plugin {
  return {
    name: 'overlap-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((f) => /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(f));
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Writes the build's chunk graph (each chunk's static imports and the source it was built from) to
 * `chunk-graph.json` in Vite's cache folder, outside what is served: `npm run bench:web` reads it
 * to tell how much JavaScript a page loads before it draws.
 */
function chunkGraph(): Plugin {
  let root = '';
  let cacheDir = '';
  return {
    name: 'overlap-chunk-graph',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      cacheDir = config.cacheDir;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, { imports: string[]; source: string | null; modules: string[] }> = {};
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        chunks[file] = {
          imports: chunk.imports,
          source: chunk.facadeModuleId ? relative(root, chunk.facadeModuleId) : null,
          modules: Object.keys(chunk.modules).map((id) => relative(root, id)),
        };
      }
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(join(cacheDir, 'chunk-graph.json'), JSON.stringify(chunks));
    },
  };
}

export default defineConfig({
  plugins: [pureContractSchemas(), react(), tailwindcss(), preloadFont(), precompress(), chunkGraph()],

  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/auth', '/docs', '/openapi.json', '/healthz'].map((p) => [p, { target: api, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Chunks under 1.8 KB (an icon, a small helper shared by two pages) join a chunk loaded with
        // them where that runs no other code: the dashboard loads 17 files instead of 27, each a
        // round trip on a slow phone network, for 1.3 KB more script (bench:web's chunk table). The
        // merges are sensitive to the module graph: with the dashboard's banner data asked for as the
        // app starts, 1,500 bytes put date-fns into a chunk the dashboard loads (19 files, 120.9 KB).
        experimentalMinChunkSize: 1800,
      },
      treeshake: {
        // The contract's modules only declare schemas and constants: one that nothing uses is
        // dropped instead of pulling zod into the first bundle for a constant of its neighbour.
        moduleSideEffects: (id) => !CONTRACT_SOURCE.test(id),
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    css: false,
    // Files share their worker's modules and document (a fresh jsdom and module graph per file made
    // the run 70-110 s instead of 16 s on a 2-core machine): what a test stubs, spies on or toasts
    // goes when it ends (toasts in test-setup.ts).
    isolate: false,
    maxWorkers: 2,
    unstubGlobals: true,
    restoreMocks: true,
  },
});
