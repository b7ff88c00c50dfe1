import { spawn } from 'node:child_process';

// The receiver's code: it answers 200 to every POST and counts them; GET answers the count.
const RECEIVER = `
let received = 0;
const server = require('node:http').createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'POST') received += 1;
    res.end(req.method === 'GET' ? String(received) : undefined);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

/**
 * A webhook receiver on loopback in a process of its own, as a subscriber's server is: its work shares the machine's
 * cores, not the load generator's event loop (in the bench's process, every delivery it took slowed the orders sent).
 */
export async function startReceiver() {
  const child = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the webhook receiver stopped (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/hooks`,
    /** The deliveries received so far. */
    received: async () => Number(await (await fetch(`${base}/count`)).text()),
    close: () => child.kill(),
  };
}
