// Types of what TypeScript code (the test and bench helpers) takes from build.mjs.
export const COMPILED_CONDITION: string;
export const SERVER_NODE_FLAGS: readonly string[];
