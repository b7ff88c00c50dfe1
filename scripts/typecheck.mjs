// `npm run typecheck`: every TypeScript project of the repository, two at a time (the machine's cores; each tsc is
// single-threaded), failing when any of them fails. The projects do not build each other, so the order is free.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const compiler = path.join(root, 'node_modules/typescript/bin/tsc');
// The slowest first, so the last one to start is a short one.
const projects = ['apps/web', 'apps/server', 'apps/shop', 'e2e', 'packages/ui', 'packages/client', 'packages/shared'];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [compiler, '-p', project], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code === 0 ? null : project));
  });
}

const queue = [...projects];
const failed = [];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const failure = await check(project);
    if (failure) failed.push(failure);
  }
}
await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
if (failed.length > 0) {
  console.error(`Type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
