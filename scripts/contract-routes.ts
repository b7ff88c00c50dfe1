import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The fields of an endpoint contract that browser code reads at run time: where to send a call, how, and whether it
 * may be sent again like a read (`idempotent`, on the few contracts that set it).
 */
export const ROUTE_FIELDS: ReadonlySet<string> = new Set(['method', 'path', 'idempotent']);

const CONTRACT_FILE = /packages[\\/]shared[\\/]src[\\/]contracts[\\/][^\\/]+\.ts$/;

/**
 * The web apps' production builds keep only the route of each endpoint contract. A contract also carries its zod
 * schemas, examples and API description: the server validates and documents with them, the browser only calls the
 * route, and in the storefront's first load they (and the validation library they pull in) were more than a
 * quarter of the JavaScript. Types are untouched, so callers stay typed by the full contract; the server, the tests and `vite dev` run
 * the source as written. docs/decisions/0060-browser-contracts-are-routes.md has the reasoning.
 */
export function contractRoutesOnly(): Plugin {
  return {
    name: 'seamline:contract-routes-only',
    apply: 'build',
    // Before the TypeScript compiler, which then leaves out the imports the cut code alone used.
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_FILE.test(id)) return null;
      const stripped = keepRoutesOnly(code, id);
      return stripped === code ? null : { code: stripped, map: null };
    },
  };
}

/**
 * The module with every `endpoint({...})` object literal cut down to its route fields, and then without the module's
 * own declarations nothing refers to any more (the schemas, examples and texts only those fields used), so that the
 * compiler drops the imports that only they needed.
 */
export function keepRoutesOnly(code: string, fileName = 'contract.ts'): string {
  const parse = (text: string) => ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  let out = cut(
    code,
    endpointLiterals(parse(code)).flatMap((contract) => contract.properties.filter((p) => !isRouteField(p))),
  );
  for (let dead = unreferencedDeclarations(parse(out)); dead.length > 0; dead = unreferencedDeclarations(parse(out)))
    out = cut(out, dead);
  return out;
}

/** The text without the given nodes (a property's trailing comma goes with it). */
function cut(code: string, nodes: ts.Node[]): string {
  let out = code;
  const ranges = nodes.map((node) => [node.getStart(), code[node.end] === ',' ? node.end + 1 : node.end] as const);
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
  return out;
}

/** Top-level `const`s and functions that are not exported and that no other code of the module names. */
function unreferencedDeclarations(source: ts.SourceFile): ts.Statement[] {
  const uses = new Map<string, number>();
  const count = (node: ts.Node) => {
    if (ts.isIdentifier(node)) uses.set(node.text, (uses.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, count);
  };
  count(source);
  return source.statements.filter((statement) => {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some(isExportKeyword);
    if (exported) return false;
    const names = ts.isFunctionDeclaration(statement)
      ? [statement.name]
      : ts.isVariableStatement(statement)
        ? statement.declarationList.declarations.map((declaration) => declaration.name)
        : [];
    return names.length > 0 && names.every((name) => name && ts.isIdentifier(name) && uses.get(name.text) === 1);
  });
}

const isExportKeyword = (modifier: ts.ModifierLike) => modifier.kind === ts.SyntaxKind.ExportKeyword;

/** The object literals passed straight to `endpoint(...)` in a contract module. */
export function endpointLiterals(source: ts.SourceFile): ts.ObjectLiteralExpression[] {
  const found: ts.ObjectLiteralExpression[] = [];
  const visit = (node: ts.Node) => {
    const argument = ts.isCallExpression(node) ? node.arguments[0] : undefined;
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'endpoint' &&
      argument &&
      ts.isObjectLiteralExpression(argument)
    )
      found.push(argument);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A `method: …` or `path` (shorthand) property; spreads and computed names are never route fields. */
export function isRouteField(property: ts.ObjectLiteralElementLike): boolean {
  return (
    (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
    ts.isIdentifier(property.name) &&
    ROUTE_FIELDS.has(property.name.text)
  );
}
