import net from 'node:net';

export type StallingPort = {
  port: number;
  /** `<scheme>://127.0.0.1:<port>` */
  url(scheme: string): string;
  /** From now on new connections are relayed to this loopback port (a service that answers again). */
  forwardTo(port: number): Promise<void>;
  /** From now on connections are held without an answer again; open relays are cut. */
  stall(): Promise<void>;
  /** Stops listening, so connections are refused (a stopped service), until forwardTo or stall. */
  refuse(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A loopback port that accepts every connection and never answers: a frozen service or a black-holed network, the
 * failure that only a timeout ends (a closed port is refused at once). `forwardTo` turns it into a plain TCP relay to
 * a real service, so a test can watch the same address come back; `refuse` closes it like a stopped service.
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
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  const cutAll = () => {
    for (const socket of open) socket.destroy();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => {
      cutAll();
      if (server.listening) server.close(() => resolve());
      else resolve();
    });
  // Held connections were never answered; their clients have given up on them (or will reconnect).
  const switchTo = async (to: number | undefined) => {
    target = to;
    cutAll();
    if (!server.listening) await listen(port);
  };
  return {
    port,
    url: (scheme) => `${scheme}://127.0.0.1:${port}`,
    forwardTo: (to) => switchTo(to),
    stall: () => switchTo(undefined),
    refuse: stopListening,
    close: stopListening,
  };
}
