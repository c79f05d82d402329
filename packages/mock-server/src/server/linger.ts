/**
 * A lingering close, for a request answered while its client is still sending a body the
 * server will not use (a 413). Many clients write the whole body before they read the answer, and
 * give up at the first broken pipe: if the server closes while their bytes still arrive, the
 * kernel answers those bytes with a reset, and the client never reads the 413 waiting for it.
 * Instead the rest of the body is read and dropped, through the request stream (Node's parser owns
 * the socket's bytes), from the moment the 413 is decided; once the answer is out, the connection
 * is half-closed and cut only when the whole request has come, or past a bound of time and bytes.
 */
import type { IncomingMessage } from 'node:http';

/** How long a refused client may keep sending before the connection is cut. */
const LINGER_MS = 5_000;
/** How much of a refused body is read and dropped at most. */
const LINGER_BYTES = 256 * 1024 * 1024;

/** Drops the rest of `req`'s body and makes its connection's coming close a lingering one. */
export function lingerOnClose(req: IncomingMessage): void {
  const { socket } = req;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, LINGER_MS);
  socket.once('close', () => clearTimeout(timer));
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) cut();
  });
  req.resume();
  const close = socket.destroySoon.bind(socket);
  // The one hook Node's server calls to close a connection after its last response.
  socket.destroySoon = () => {
    if (req.readableEnded) {
      close();
      return;
    }
    // The answer is out: a FIN after it, and the rest of the request still read until it ends.
    socket.end();
    req.once('end', cut);
  };
}
