// Types of what TypeScript code (the test and bench helpers) takes from build.mjs.
export function compiledNodeArgs(entry: string): string[];
