import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { freePort } from './process.js';

export type TestRedis = {
  port: number;
  url: string;
  /** Starts redis-server (again) on the same port and waits until it answers. */
  start(): Promise<void>;
  /** Shuts it down (SIGTERM) and waits for the process to end. */
  stop(): Promise<void>;
  /** SIGSTOP: connections stay open and commands go unanswered, like a frozen or black-holed server. */
  freeze(): void;
  thaw(): void;
};

/** Whether a PING on the port gets +PONG back. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

/**
 * A redis-server of its own (no persistence) on a free loopback port, started here as a child process: a test or
 * the chaos run can stop it, start it again on the same port, or freeze it. The process is killed when this process
 * exits, whatever the test did.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  const redis: TestRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
        { stdio: 'ignore' },
      );
      const until = Date.now() + 10_000;
      while (!(await answersPing(port))) {
        if (Date.now() > until || child.exitCode !== null) throw new Error(`redis-server did not start on ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = once(running, 'exit');
      running.kill('SIGCONT');
      running.kill('SIGTERM');
      await exited;
    },
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
  };
  await redis.start();
  return redis;
}
