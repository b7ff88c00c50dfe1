// `npm run lint:api`: lints the served /api/openapi.json with redocly's recommended rules; exits 1 on any error.
// `npm run api:types`: regenerates the checked-in client types from it (generated/api-types.ts).
// `tsx apps/server/test/api-cli.ts dump <file>`: writes the document to a file.
// Without TEST_DATABASE_URL the document is served from a throwaway embedded PostgreSQL, so both work on a new checkout.
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded/server.js';
import { apiTypesFile, formatProblems, generateApiTypes, lintDocument, servedDocument } from './api-description.js';

const [command, file] = process.argv.slice(2);
const document = await servedDocumentOnSomeServer();
if (command === 'lint') {
  const { errors, warnings } = await lintDocument(document);
  if (warnings.length) console.log(`Warnings:\n${formatProblems(warnings)}\n`);
  if (errors.length) console.log(`Errors:\n${formatProblems(errors)}\n`);
  console.log(`redocly lint /api/openapi.json: ${errors.length} errors, ${warnings.length} warnings.`);
  if (errors.length) process.exitCode = 1;
} else if (command === 'types') {
  await writeFile(apiTypesFile, await generateApiTypes(document));
  console.log(`Wrote ${apiTypesFile}`);
} else if (command === 'dump' && file) {
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
} else {
  console.error('Usage: tsx apps/server/test/api-cli.ts lint | types | dump <file>');
  process.exitCode = 2;
}

async function servedDocumentOnSomeServer() {
  if (process.env.TEST_DATABASE_URL) return servedDocument();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seamline-api-pg-'));
  const embedded = await startEmbeddedPostgres({ dataDir, durable: false });
  process.env.TEST_DATABASE_URL = embedded.url;
  try {
    return await servedDocument();
  } finally {
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
