import net from 'node:net';

export type StallingPort = {
  port: number;
  /** `<scheme>://127.0.0.1:<port>` */
  url(scheme: string): string;
  /** From now on new connections are relayed to this loopback port (a service that answers again). */
  forwardTo(port: number): void;
  /** From now on connections are held without an answer again; open relays are cut. */
  stall(): void;
  close(): Promise<void>;
};

/**
 * A loopback port that accepts every connection and never answers: a frozen service or a black-holed network, the
 * failure that only a timeout ends (a closed port is refused at once). `forwardTo` turns it into a plain TCP relay to
 * a real service, so a test can watch the same address come back.
 */
export async function startStallingPort(): Promise<StallingPort> {
  const open = new Set<net.Socket>();
  let target: number | undefined;
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => open.delete(socket));
  };
  const server = net.createServer((socket) => {
    track(socket);
    if (target === undefined) return;
    const upstream = net.connect(target, '127.0.0.1');
    track(upstream);
    socket.pipe(upstream).pipe(socket);
    upstream.on('close', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const cutAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port,
    url: (scheme) => `${scheme}://127.0.0.1:${port}`,
    forwardTo(to) {
      target = to;
      // Held connections were never answered; their clients have given up on them (or will reconnect).
      cutAll();
    },
    stall() {
      target = undefined;
      cutAll();
    },
    close: () =>
      new Promise<void>((resolve) => {
        cutAll();
        server.close(() => resolve());
      }),
  };
}
