import { freePort, repoRoot, start, waitHealthy } from '../../apps/server/test/process.js';

/** The floor a Fastify route can reach on this machine: one GET that sends fixed bytes, nothing else. */
export type BareRoute = { url: string; stop(): Promise<void> };

// A child process of its own (as the server is), so the bench's load generator does not share its event loop.
const SCRIPT = `
import Fastify from 'fastify';
const body = Buffer.from(process.env.BARE_BODY ?? '{}');
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.get('/bare', (_request, reply) => { reply.type('application/json; charset=utf-8').send(body); });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/** Starts a bare Fastify route answering `body` (the same bytes as the answer it is compared with). */
export async function startBareRoute(body: string): Promise<BareRoute> {
  const port = await freePort();
  const child = start(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    ...process.env,
    PORT: String(port),
    BARE_BODY: body,
  });
  if (!(await waitHealthy(port, child.child, 30_000))) {
    child.child.kill('SIGTERM');
    throw new Error(`The bare Fastify route did not start (from ${repoRoot}):\n${child.output()}`);
  }
  return {
    url: `http://127.0.0.1:${port}/bare`,
    async stop() {
      child.child.kill('SIGTERM');
      await child.exited;
    },
  };
}
