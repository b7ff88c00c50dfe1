import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { endpointLiterals, isRouteField, keepRoutesOnly, ROUTE_FIELDS } from '../../../../scripts/contract-routes.js';

// The web apps' production builds keep only the route of each contract (scripts/contract-routes.ts). These tests hold
// that cut to what the browser needs: every contract keeps its method and path (and `idempotent` where set), nothing
// else of it reaches the bundle, and no browser code reads another field of a contract.

const root = path.resolve(import.meta.dirname, '../../../..');
const contractsDir = path.join(root, 'packages/shared/src/contracts');
const contractFiles = readdirSync(contractsDir).filter((name) => name.endsWith('.ts') && !name.includes('.test.'));
const parse = (name: string, code: string) => ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true);
const fieldNames = (contract: ts.ObjectLiteralExpression) =>
  contract.properties.map((property) => (property.name && ts.isIdentifier(property.name) ? property.name.text : '?'));

describe('contracts in the browser builds', () => {
  it.each(contractFiles)('%s keeps the route of every contract, and nothing else of it', (name) => {
    const source = readFileSync(path.join(contractsDir, name), 'utf8');
    const before = endpointLiterals(parse(name, source));
    const after = endpointLiterals(parse(name, keepRoutesOnly(source, name)));
    expect(after).toHaveLength(before.length);
    for (const [index, contract] of after.entries()) {
      expect(fieldNames(contract)).toEqual(expect.arrayContaining(['method', 'path']));
      expect(fieldNames(contract).filter((field) => !ROUTE_FIELDS.has(field))).toEqual([]);
      const routeText = (c: ts.ObjectLiteralExpression) => c.properties.filter(isRouteField).map((p) => p.getText());
      expect(routeText(contract)).toEqual(routeText(before[index]!));
    }
  });

  // The contracts the storefront's first screen calls: a schema left in one of them (an exported envelope, say) keeps
  // the validation library in the first load, 31 kB of gzip.
  it.each(['auth.ts', 'products.ts', 'staff-security.ts', 'wishlist.ts'])(
    '%s loses its schemas and texts, so the validation library leaves the module',
    (name) => {
      const source = readFileSync(path.join(contractsDir, name), 'utf8');
      const routes = keepRoutesOnly(source, name);
      expect(source).toMatch(/description:/);
      expect(routes).not.toMatch(/description:|responses:|body:|bodyExample:|headers:/);
      // Only the import is left of zod: the compiler drops an import nothing names.
      expect(routes.match(/\bz\./g)).toBeNull();
    },
  );

  // Typed, so a contract reached under any name counts (`request.body` where `request` is a prop holding a contract).
  it('no browser code reads a contract field other than its route', () => {
    const reads = ['apps/web', 'apps/shop'].flatMap((app) => contractFieldReads(path.join(root, app, 'tsconfig.json')));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((read) => !ROUTE_FIELDS.has(read.field))).toEqual([]);
  }, 120_000);
});

/**
 * Every `x.field` / `x?.field` in an app's browser code (its own files, the client and the UI kit it compiles), where x
 * is typed as an endpoint contract (or a union of them): where the read is and which field.
 */
function contractFieldReads(tsconfigPath: string) {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
  );
  if (!config) throw new Error(`cannot read ${tsconfigPath}`);
  const program = ts.createProgram(config.fileNames, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const isContract = (type: ts.Type) =>
    ['operationId', 'method', 'path', 'access', 'responses'].every((name) => type.getProperty(name) !== undefined);
  const browserCode = /\/(apps\/(web|shop)\/src|packages\/(client|ui)\/src)\//;
  const reads: { file: string; field: string }[] = [];
  for (const source of program.getSourceFiles()) {
    if (!browserCode.test(source.fileName) || /\.test\.tsx?$|test-setup|\/testing\//.test(source.fileName)) continue;
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAccessExpression(node) && isContract(checker.getTypeAtLocation(node.expression))) {
        reads.push({ file: path.relative(root, source.fileName), field: node.name.text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return reads;
}
