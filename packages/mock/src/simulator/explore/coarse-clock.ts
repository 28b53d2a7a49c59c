// The journal's wall clock: a reading of the system clock shared by the requests recorded close
// together, as node's HTTP server shares one for its Date header. A clock read costs about a tenth
// of a small GET's whole handling here, so it is taken again only after `maxUses` stamps or once
// the event loop has run a timer (a 1 ms one-shot, armed on the first stamp after a read and
// never keeping a process alive): a stamp is the wall time at most `maxUses` requests, or one
// event-loop timer phase, before the request. Idle, it reads nothing and arms nothing.

export interface CoarseClock {
  /** Wall-clock time (epoch ms) of a reading taken shortly before. */
  now(): number;
}

export function createCoarseClock(read: () => number = Date.now, maxUses = 64): CoarseClock {
  let reading = 0;
  let uses = maxUses;
  let armed = false;
  const expire = (): void => {
    armed = false;
    uses = maxUses;
  };
  return {
    now() {
      if (uses >= maxUses) {
        reading = read();
        uses = 0;
        if (!armed) {
          armed = true;
          const timer = setTimeout(expire, 1) as unknown as { unref?: () => void };
          timer.unref?.();
        }
      }
      uses++;
      return reading;
    },
  };
}
