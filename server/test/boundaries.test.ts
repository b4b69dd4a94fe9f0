import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The import-boundary check of `npm run lint` (.dependency-cruiser.cjs), run on probe files. */
const root = resolve(import.meta.dirname, '../..');
const depcruise = resolve(root, 'node_modules/.bin/depcruise');

function cruise(paths: string[]) {
  const result = spawnSync(depcruise, [...paths, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Writes each probe (repo-relative path -> source), cruises them, and removes them again. */
function cruiseProbes(probes: Record<string, string>) {
  const paths = Object.keys(probes);
  try {
    for (const [path, source] of Object.entries(probes)) writeFileSync(resolve(root, path), source);
    return cruise(paths);
  } finally {
    for (const path of paths) rmSync(resolve(root, path), { force: true });
  }
}

const probe = (folder: string) => `server/src/${folder}/boundary-probe-${process.pid}.ts`;

describe('import boundaries', { timeout: 120_000 }, () => {
  it('passes on the tree as it is', () => {
    const result = cruise(['server/src', 'contract/src']);
    expect(result.output).toContain('no dependency violations found');
    expect(result.status).toBe(0);
  });

  it('fails on each forbidden direction, whether a value, type-only or dynamic import', () => {
    const result = cruiseProbes({
      [probe('engine')]:
        "import { lockPeopleQuota } from '../modules/people/quota.ts';\nexport const probe = lockPeopleQuota;\n",
      [probe('connectors')]: "export const probe = () => import('../db/client.ts');\n",
      [probe('core')]: "import type { App } from '../http/app.ts';\nexport type Probe = App;\n",
      [probe('pipeline')]: "import type { AreaPlugin } from '../modules/area.ts';\nexport type Probe = AreaPlugin;\n",
      [probe('lib')]: "import { ctxOf } from '../modules/area.ts';\nexport const probe = ctxOf;\n",
      [probe('jobs')]:
        "import { pruneApiCalls } from '../pipeline/api-call-log.ts';\nimport { planOf } from '../core/plans.ts';\nexport const probe = [pruneApiCalls, planOf];\n",
      [probe('db')]:
        "import { SERVICE_CATALOGUE } from '../modules/integrations/catalogue.ts';\nexport const probe = SERVICE_CATALOGUE;\n",
      [`server/src/lib/mail/boundary-probe-${process.pid}.ts`]:
        "import type { AppDeps } from '../../core/context.ts';\nimport { registerSpa } from '../../http/spa.ts';\nexport const probe: [typeof registerSpa, AppDeps?] = [registerSpa];\n",
      [probe('http')]: "import { loadConfig } from '../config.ts';\nexport const probe = loadConfig;\n",
    });
    expect(result.status).not.toBe(0);
    const broken = [...result.output.matchAll(/error (\S+): (\S+) →/g)].map(([, rule, from]) => `${rule} ${from}`);
    expect(broken.sort()).toEqual(
      [
        `never-Engine-to-Modules ${probe('engine')}`,
        `never-Connectors-to-Db ${probe('connectors')}`,
        `never-Core-to-Http ${probe('core')}`,
        `never-Pipeline-to-Modules ${probe('pipeline')}`,
        `never-Lib-to-Modules ${probe('lib')}`,
        `no-Http-to-config-values ${probe('http')}`,
        `never-Db-to-Modules ${probe('db')}`,
        `never-Lib-to-Http server/src/lib/mail/boundary-probe-${process.pid}.ts`,
        `no-Lib-to-Core server/src/lib/mail/boundary-probe-${process.pid}.ts`,
      ].sort(),
    );
  });

  it('lets the app and other features reach a feature only through its index.ts', () => {
    const fromFeature = `web/src/features/account/boundary-probe-${process.pid}.ts`;
    const fromApp = `web/src/app/boundary-probe-${process.pid}.ts`;
    const fromOwnFeature = `web/src/features/maintenance/boundary-probe-${process.pid}.ts`;
    const result = cruiseProbes({
      [fromFeature]:
        "import { MaintenanceTab } from '../maintenance/components/maintenance-tab.tsx';\nexport const probe = MaintenanceTab;\n",
      [fromApp]: "export const probe = () => import('../features/maintenance/components/maintenance-tab.tsx');\n",
      [fromOwnFeature]:
        "import { MaintenanceTab } from './components/maintenance-tab.tsx';\nimport * as account from '../account/index.ts';\nexport const probe = [MaintenanceTab, account];\n",
    });
    const broken = [...result.output.matchAll(/error (\S+): (\S+) →/g)].map(([, rule, from]) => `${rule} ${from}`);
    expect(broken.sort()).toEqual([`feature-through-index ${fromApp}`, `feature-through-index ${fromFeature}`].sort());
    expect(result.status).not.toBe(0);
  });
});
