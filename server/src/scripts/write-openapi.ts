import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDeps } from '../app/bootstrap.ts';
import { loadConfig, rootDir } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { buildApp } from '../http/app.ts';

/** Writes docs/openapi.json from the contract's schemas; CI regenerates it and fails on a diff. */
const config = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://localhost:3000',
  APP_SECRET: 'openapi-generation-only-openapi-generation-only',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'overlap-openapi-')),
  APP_VERSION: 'current',
});
// The pool connects lazily; generating the document never touches the database.
const database = connectDatabase('postgres://unused@127.0.0.1:1/unused', { max: 1 });
const app = await buildApp(
  createDeps(config, database, () => {}),
  { logger: false },
);
const out = resolve(rootDir, 'docs/openapi.json');
const doc = app.swagger() as { components?: { schemas?: Record<string, unknown> } };
// Schema components register in module-load order; sort them so the document is stable.
if (doc.components?.schemas) {
  doc.components.schemas = Object.fromEntries(
    Object.entries(doc.components.schemas).sort(([a], [b]) => a.localeCompare(b)),
  );
}
writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
await app.close();
await database.close();
console.log(`Wrote ${out}`);
