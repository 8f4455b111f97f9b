import net from 'node:net';

/**
 * A TCP relay in front of a database whose network can go silent: silence() stops every byte both
 * ways on the connections open and on those opened meanwhile, closing nothing (a cable pulled, a
 * firewall dropping packets: what no server-side timeout sees), and restore() lets them flow again.
 */
export class SilentNetwork {
  private silent = false;
  private readonly pairs = new Set<{ client: net.Socket; server: net.Socket }>();
  /** Connections opened while silent, each with what connects it once restored. */
  private readonly waiting = new Map<net.Socket, () => void>();

  private constructor(private readonly relay: net.Server, private readonly target: URL) {}

  /** A relay to the host and port of `databaseUrl`. */
  static async start(databaseUrl: string): Promise<SilentNetwork> {
    const target = new URL(databaseUrl);
    const relay = net.createServer();
    const network = new SilentNetwork(relay, target);
    relay.on('connection', (client) => network.accept(client));
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    return network;
  }

  /** `databaseUrl` reached through the relay. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.host = `127.0.0.1:${(this.relay.address() as net.AddressInfo).port}`;
    return url.toString();
  }

  silence(): void {
    this.silent = true;
    for (const { client, server } of this.pairs) {
      client.unpipe(server);
      server.unpipe(client);
      client.pause();
      server.pause();
    }
  }

  restore(): void {
    this.silent = false;
    for (const { client, server } of this.pairs) relay(client, server);
    for (const connect of this.waiting.values()) connect();
    this.waiting.clear();
  }

  async close(): Promise<void> {
    for (const client of this.waiting.keys()) client.destroy();
    for (const { client, server } of this.pairs) {
      client.destroy();
      server.destroy();
    }
    await new Promise((resolve) => this.relay.close(resolve));
  }

  private accept(client: net.Socket): void {
    const connect = () => {
      const server = net.connect(Number(this.target.port || 5432), this.target.hostname);
      const pair = { client, server };
      this.pairs.add(pair);
      const end = () => {
        this.pairs.delete(pair);
        client.destroy();
        server.destroy();
      };
      client.on('close', end).on('error', end);
      server.on('close', end).on('error', end);
      relay(client, server);
    };
    // A connection opened while silent gets nowhere until restored.
    if (this.silent) this.waiting.set(client, connect);
    else connect();
  }
}

function relay(client: net.Socket, server: net.Socket): void {
  client.pipe(server);
  server.pipe(client);
}
