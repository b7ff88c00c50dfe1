import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { endpointLiterals, isRouteField, keepRoutesOnly, ROUTE_FIELDS } from '../../../../scripts/contract-routes.js';

// The web apps' production builds keep only the route of each contract (scripts/contract-routes.ts). These tests hold
// that cut to what the browser needs: every contract keeps its method and path, nothing else of it reaches the
// bundle, and no browser code reads another field of a contract.

const root = path.resolve(import.meta.dirname, '../../../..');
const contractsDir = path.join(root, 'packages/shared/src/contracts');
const contractFiles = readdirSync(contractsDir).filter((name) => name.endsWith('.ts') && !name.includes('.test.'));
const parse = (name: string, code: string) => ts.createSourceFile(name, code, ts.ScriptTarget.Latest, true);
const fieldNames = (contract: ts.ObjectLiteralExpression) =>
  contract.properties.map((property) => (property.name && ts.isIdentifier(property.name) ? property.name.text : '?'));

describe('contracts in the browser builds', () => {
  it.each(contractFiles)('%s keeps method and path of every contract, and nothing else of it', (name) => {
    const source = readFileSync(path.join(contractsDir, name), 'utf8');
    const before = endpointLiterals(parse(name, source));
    const after = endpointLiterals(parse(name, keepRoutesOnly(source, name)));
    expect(after).toHaveLength(before.length);
    for (const [index, contract] of after.entries()) {
      expect(fieldNames(contract).sort()).toEqual([...ROUTE_FIELDS].sort());
      const routeText = (c: ts.ObjectLiteralExpression) => c.properties.filter(isRouteField).map((p) => p.getText());
      expect(routeText(contract)).toEqual(routeText(before[index]!));
    }
  });

  it('cuts the schemas and texts, so the validation library leaves the module', () => {
    const source = readFileSync(path.join(contractsDir, 'auth.ts'), 'utf8');
    const routes = keepRoutesOnly(source, 'auth.ts');
    expect(source).toMatch(/description:/);
    expect(routes).not.toMatch(/description:|responses:|body:|bodyExample:|headers:/);
    // Only the import is left of zod: the compiler drops an import nothing names.
    expect(routes.match(/\bz\./g)).toBeNull();
  });

  it('no browser code reads a contract field other than its route', () => {
    const browserDirs = ['apps/web/src', 'apps/shop/src', 'packages/client/src', 'packages/ui/src'];
    const files = browserDirs.flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|test-setup/.test(file))
        .map((file) => path.join(root, dir, file)),
    );
    // `authContracts.refresh.x`, `contract.x`, `contract?.x`, `contract['x']`: a read of field x of a contract.
    const contractRead = /\b(?:\w+Contracts\.\w+|contract)\s*(?:\??\.\s*(\w+)|\[\s*['"`](\w+)['"`]\s*\])/g;
    const reads = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(contractRead)].map((match) => ({
        file: path.relative(root, file),
        field: match[1] ?? match[2] ?? '',
      })),
    );
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((read) => !ROUTE_FIELDS.has(read.field))).toEqual([]);
  });
});
