import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type SetAttr = (path: string, node: unknown, attr: { mode?: number }, ...rest: unknown[]) => void;
type PreRun = NonNullable<Parameters<NodeFS['init']>[1]['preRun']>[number];

/** Folder and file modes that leave group and others nothing. */
const OWNER_ONLY = ~0o077;

/**
 * The embedded database's files, readable by the server's user only. PGlite's file system creates missing folders
 * only one level deep (a fresh DATA_DIR failed with ENOENT), and it chmods every new file to the 0666 its
 * emulated libc asks for, past the process umask: the folder is created here (0700) and those chmods are narrowed.
 */
export class PrivateNodeFS extends NodeFS {
  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    restrictToOwner(dataDir);
    super(dataDir);
  }

  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const narrowModes: PreRun = (module) => {
      const nodefs = module.NODEFS as unknown as { doSetAttr?: SetAttr } | undefined;
      const setAttr = nodefs?.doSetAttr;
      if (!nodefs || !setAttr) return;
      nodefs.doSetAttr = (path, node, attr, ...rest) =>
        setAttr(path, node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & OWNER_ONLY }, ...rest);
    };
    const preRun = [narrowModes, ...(emscriptenOpts.preRun ?? [])];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

/** Takes group and other access off a folder and everything in it (files an earlier version left 0666). */
function restrictToOwner(dir: string) {
  const entries = [dir, ...readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => path.join(dir, name))];
  for (const entry of entries) {
    const { mode } = statSync(entry);
    if (mode & 0o077) chmodSync(entry, mode & 0o700);
  }
}
