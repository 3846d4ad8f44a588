import { Transform } from "node:stream";

/**
 * A page's stream as one chunk per turn of the event loop: React and React Router write a rendered
 * page in many pieces at once (8 to 27 for the demo's pages), and each piece would otherwise be
 * compressed, flushed and written to the socket on its own (a thread-pool hop and a system call
 * each). What was written in one turn goes on together at the next; what comes in a later turn (a
 * deferred part of the page) still goes on as soon as it comes, so the page streams as before.
 */
export function chunksPerTurn(): Transform {
  let held: Buffer[] = [];
  let scheduled = false;
  const release = (stream: Transform) => {
    if (held.length === 0) return;
    stream.push(held.length === 1 ? held[0] : Buffer.concat(held));
    held = [];
  };
  return new Transform({
    transform(chunk: Buffer | Uint8Array | string, _encoding, done) {
      held.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          release(this);
        });
      }
      done();
    },
    flush(done) {
      release(this);
      done();
    },
  });
}
