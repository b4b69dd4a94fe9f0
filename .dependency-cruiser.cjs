/**
 * Import boundaries of Overlap (`npm run lint:boundaries`, part of `npm run lint`; server/test/boundaries.test.ts proves it fails).
 *
 * PARTS, ARROWS and NEVER are the intended architecture, written out as it was agreed (parts with
 * their paths, the arrows allowed between them, the directions that must never occur); docs/architecture.md
 * draws it. From them:
 * - an import between two different parts is allowed when the target is reachable through the arrows
 *   (the arrows are layers: Main -> Http -> Modules -> Pipeline -> Engine -> Db lets Main reach Db);
 * - the shared helpers are below every part of their side: any server part may import Lib, and any
 *   part may import the Contract (Lib itself may import only Db: the mail outbox and NOTIFY need it);
 * - type-only, the settings' type (`Config` in server/src/config.ts) may be named by any server part
 *   (its values reach a part through AppDeps, never by importing the entry point), and the core may
 *   name the database's types (AppDeps and Ctx carry the client; the core runs no query);
 * - everything else between parts is forbidden, and each NEVER is its own rule with its reason.
 * Type-only imports and dynamic import() count as imports. Test files (`*.test.ts(x)`, server/test/,
 * the web's test setup) arrange data across parts and are not checked.
 */

/** The parts: name -> the paths it is (a folder ends with '/'). */
const PARTS = {
  Contract: ['contract/'],
  WebApp: ['web/src/app/'],
  WebFeatures: ['web/src/features/'],
  WebApi: ['web/src/api/'],
  WebUI: ['web/src/ui/'],
  WebLib: ['web/src/lib/'],
  Main: ['server/src/main.ts', 'server/src/config.ts', 'server/src/app/'],
  Http: ['server/src/http/'],
  Modules: ['server/src/modules/'],
  Core: ['server/src/core/'],
  Jobs: ['server/src/jobs/'],
  Pipeline: ['server/src/pipeline/'],
  Connectors: ['server/src/connectors/'],
  Engine: ['server/src/engine/'],
  Lib: ['server/src/lib/'],
  Db: ['server/src/db/'],
};

/** The allowed directions. */
const ARROWS = [
  ['WebApp', 'WebFeatures'],
  ['WebFeatures', 'WebApi'],
  ['WebFeatures', 'WebUI'],
  ['WebFeatures', 'WebLib'],
  ['WebApi', 'Contract'],
  ['WebFeatures', 'Contract'],
  ['WebUI', 'WebLib'],
  ['Main', 'Http'],
  ['Main', 'Db'],
  ['Main', 'Jobs'],
  ['Http', 'Modules'],
  ['Http', 'Core'],
  ['Modules', 'Core'],
  ['Modules', 'Pipeline'],
  ['Modules', 'Engine'],
  ['Modules', 'Db'],
  ['Modules', 'Contract'],
  ['Jobs', 'Pipeline'],
  ['Jobs', 'Engine'],
  ['Pipeline', 'Connectors'],
  ['Pipeline', 'Engine'],
  ['Pipeline', 'Db'],
  ['Pipeline', 'Core'],
  ['Connectors', 'Core'],
  ['Engine', 'Db'],
  ['Engine', 'Core'],
];

/** Directions that must never occur, with the reason each one breaks. */
const NEVER = [
  ['WebApp', 'Modules', 'the browser bundle never reaches server code'],
  ['WebFeatures', 'Db', 'the browser bundle never reaches server code'],
  ['Contract', 'Modules', 'the contract depends on nothing of either side'],
  ['Contract', 'WebFeatures', 'the contract depends on nothing of either side'],
  ['WebUI', 'WebFeatures', 'primitives know no feature'],
  ['WebUI', 'WebApi', 'primitives fetch nothing'],
  ['Core', 'Http', 'the core knows no HTTP'],
  ['Core', 'Modules', 'the core sits below every area'],
  ['Engine', 'Http', 'the engine knows no HTTP'],
  ['Engine', 'Modules', 'the engine sits below the areas'],
  ['Engine', 'Pipeline', 'the engine is pure rules; the pipeline calls it'],
  ['Engine', 'Connectors', 'the engine knows no provider'],
  ['Pipeline', 'Http', 'the pipeline knows no HTTP'],
  ['Pipeline', 'Modules', 'areas call the pipeline, not the other way'],
  ['Connectors', 'Http', 'connectors know no HTTP of ours'],
  ['Connectors', 'Modules', 'connectors know no area'],
  ['Connectors', 'Db', 'connectors fetch and map; the pipeline writes'],
  ['Connectors', 'Pipeline', 'the pipeline calls connectors, not the other way'],
  ['Db', 'Modules', 'the data layer knows no business rules'],
  ['Lib', 'Http', 'helpers know no HTTP'],
  ['Lib', 'Modules', 'helpers know no area'],
];

const SERVER_PARTS = ['Main', 'Http', 'Modules', 'Core', 'Jobs', 'Pipeline', 'Connectors', 'Engine', 'Lib', 'Db'];
/** Additions to the arrows described at the top: shared helpers and the contract. */
const EXTRA = [
  ...SERVER_PARTS.filter((p) => p !== 'Lib').map((p) => [p, 'Lib']),
  ['Lib', 'Db'],
  ...Object.keys(PARTS)
    .filter((p) => p !== 'Contract')
    .map((p) => [p, 'Contract']),
];
const CONFIG_FILE = 'server/src/config.ts';
/** Pairs allowed for type-only imports (see the top). */
const TYPE_ONLY = [['Core', 'Db']];

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pathsOf = (part) => `^(${PARTS[part].map((p) => (p.endsWith('/') ? escapeRe(p) : `${escapeRe(p)}$`)).join('|')})`;

function reachable(from) {
  const seen = new Set();
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift();
    for (const [a, b] of ARROWS) {
      if (a === at && !seen.has(b)) {
        seen.add(b);
        queue.push(b);
      }
    }
  }
  for (const [a, b] of EXTRA) if (a === from) seen.add(b);
  return seen;
}

const TESTS = '(\\.test\\.tsx?$|^server/test/|^web/src/test-setup\\.ts$)';
const neverPairs = new Set(NEVER.map(([a, b]) => `${a}>${b}`));

const neverRules = NEVER.map(([from, to, reason]) => ({
  name: `never-${from}-to-${to}`,
  comment: reason,
  severity: 'error',
  from: { path: pathsOf(from), pathNot: TESTS },
  to: { path: pathsOf(to) },
}));

const directionRules = [];
for (const from of Object.keys(PARTS)) {
  const allowed = reachable(from);
  for (const to of Object.keys(PARTS)) {
    if (to === from || allowed.has(to) || neverPairs.has(`${from}>${to}`)) continue;
    const isServer = SERVER_PARTS.includes(from);
    if (TYPE_ONLY.some(([a, b]) => a === from && b === to)) {
      directionRules.push({
        name: `no-${from}-to-${to}-values`,
        comment: `${from} may name ${to}'s types only (docs/architecture.md)`,
        severity: 'error',
        from: { path: pathsOf(from), pathNot: TESTS },
        to: { path: pathsOf(to), dependencyTypesNot: ['type-only'] },
      });
      continue;
    }
    directionRules.push({
      name: `no-${from}-to-${to}`,
      comment: `${from} may import only ${[...allowed].sort().join(', ') || 'nothing of ours'} (docs/architecture.md)`,
      severity: 'error',
      from: { path: pathsOf(from), pathNot: TESTS },
      // Main's configuration file may be named type-only by every server part (see the top).
      to:
        to === 'Main' && isServer
          ? { path: pathsOf(to), pathNot: `^${escapeRe(CONFIG_FILE)}$` }
          : { path: pathsOf(to) },
    });
    if (to === 'Main' && isServer) {
      directionRules.push({
        name: `no-${from}-to-config-values`,
        comment: 'settings reach a part through AppDeps; only the Config type may be imported',
        severity: 'error',
        from: { path: pathsOf(from), pathNot: TESTS },
        to: { path: `^${escapeRe(CONFIG_FILE)}$`, dependencyTypesNot: ['type-only'] },
      });
    }
  }
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...neverRules,
    ...directionRules,
    {
      name: 'feature-through-index',
      comment: 'a feature is reached by the app and other features only through its index.ts',
      severity: 'error',
      from: { path: '^web/src/(app/|features/([^/]+)/)', pathNot: TESTS },
      to: {
        path: '^web/src/features/[^/]+/.',
        pathNot: ['^web/src/features/$2/', '^web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'not-resolvable',
      comment: 'an import that points nowhere',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|artifacts)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    preserveSymlinks: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
