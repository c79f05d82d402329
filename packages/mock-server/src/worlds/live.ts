/**
 * The inspector's live feed, `GET /__mock/inspector/api/events`: Server-Sent Events that say
 * "something changed" so an open page refetches the view on screen. Nothing is sent while nothing
 * happens: while a page listens, a cheap fingerprint of the world is compared a few times a second.
 * A comment line every 20 s keeps proxies from closing an idle stream.
 */
import type { ServerResponse } from 'node:http';
import { type ReadonlyWorld, readonlyWorld } from '@msgsvc/mock/port';
import type { BuiltWorld } from './build-world';

/** How often the fingerprint is compared while someone listens, in ms. */
const CHECK_MS = 200;
const HEARTBEAT_MS = 20_000;

/** Each world's own number and how many events it has had since first looked at. */
const followed = new WeakMap<ReadonlyWorld, { readonly id: number; events: number }>();
let nextWorldId = 0;

/** A string that changes whenever anything the inspector shows changes. */
export function fingerprint({ mock, requestLog }: Pick<BuiltWorld, 'mock' | 'requestLog'>): string {
  // `reset` and `restore` replace the world: a new world is a new number.
  const world = readonlyWorld(mock);
  const following = followed.get(world) ?? { id: ++nextWorldId, events: 0 };
  if (!followed.has(world)) {
    world.subscribe(() => following.events++);
    followed.set(world, following);
  }
  let attempts = 0;
  for (const delivery of world.webhooks.outbox) attempts += delivery.attempts.length;
  return [
    following.id,
    following.events,
    world.messages.size,
    world.campaigns.size,
    world.inbound.length,
    world.organizations.size,
    world.webhooks.outbox.length,
    attempts,
    world.inFlight.size,
    mock.clock.pending(),
    // A real clock moves all the time; only a virtual one's moves are news.
    world.clock.kind === 'virtual' ? world.now() : '',
    requestLog.lastSeq,
  ].join('|');
}

/** The listeners of one server. */
export class LiveFeed {
  private readonly clients = new Set<ServerResponse>();
  private timer: NodeJS.Timeout | undefined;
  private last = '';
  private lastWrite = 0;

  /** @param current - the fingerprint of what the inspector shows now. */
  constructor(private readonly current: () => string) {}

  /** Streams change events to `res` until the page goes away. */
  attach(res: ServerResponse, traceId: string): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-trace-id': traceId,
    });
    this.last = this.current();
    res.write(`retry: 2000\nevent: change\ndata: ${this.last}\n\n`);
    this.clients.add(res);
    res.on('close', () => {
      this.clients.delete(res);
      if (this.clients.size === 0) this.stop();
    });
    if (this.timer === undefined) {
      this.lastWrite = Date.now();
      this.timer = setInterval(() => this.check(), CHECK_MS).unref();
    }
  }

  /** Sends a change event when the fingerprint moved (and a heartbeat when long silent). */
  private check(): void {
    const now = this.current();
    const wall = Date.now();
    if (now !== this.last) {
      this.last = now;
      this.broadcast(`event: change\ndata: ${now}\n\n`, wall);
    } else if (wall - this.lastWrite >= HEARTBEAT_MS) {
      this.broadcast(': idle\n\n', wall);
    }
  }

  private broadcast(chunk: string, wall: number): void {
    this.lastWrite = wall;
    for (const client of this.clients) client.write(chunk);
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Ends every stream (the server is closing). */
  close(): void {
    this.stop();
    for (const client of this.clients) client.end();
    this.clients.clear();
  }
}
