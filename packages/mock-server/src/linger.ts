/**
 * A lingering close (D126), for a connection answered while its client is still sending a body the
 * server will not read (a 413). Node ends a `Connection: close` response by destroying the socket
 * once the answer is written; with the client's bytes still arriving, the kernel then answers them
 * with a reset, which can reach the client before it has read the answer (and make it drop the
 * answer it had). Instead the socket is half-closed after the answer, and what still comes is read
 * and dropped until the client closes its side, or up to a bound of time and bytes.
 */
import type { Socket } from 'node:net';

/** How long a refused client may keep sending before the connection is cut. */
const LINGER_MS = 5_000;
/** How much of a refused body is read and dropped at most. */
const LINGER_BYTES = 256 * 1024 * 1024;

/** Makes the coming close of `socket` a lingering one (see the module comment). */
export function lingerOnClose(socket: Socket): void {
  const close = socket.destroySoon.bind(socket);
  // The one hook Node's server calls to close a connection after its last response.
  socket.destroySoon = () => {
    // The client has finished sending: nothing to linger for.
    if (socket.readableEnded) {
      close();
      return;
    }
    let dropped = 0;
    const cut = () => socket.destroy();
    const timer = setTimeout(cut, LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', cut);
    socket.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) cut();
    });
    // The parser may have paused the socket with the request; the answer is out, so read on.
    socket.end();
    socket.resume();
  };
}
