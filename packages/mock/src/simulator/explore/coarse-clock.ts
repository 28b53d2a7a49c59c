// The journal's wall clock: a reading of the system clock shared by the requests recorded close
// together, as node's HTTP server shares one for its Date header. A clock read costs about a tenth
// of a small GET's whole handling here, so it is taken again only after `maxUses` stamps or once
// the event loop has run a timer (a 1 ms one-shot, armed on the first stamp after a read and
// never keeping a process alive): a stamp is the wall time at most `maxUses` requests, or one
// event-loop timer phase, before the request. Idle, it reads nothing and arms nothing.
//
// Under fake timers (a test's vi.useFakeTimers, jest's, sinon's) or a mocked Date, the time can
// move with no timer running (setSystemTime), and a timer armed then may never run: there every
// stamp reads the clock, through the global Date of the moment, so that the journal shows the
// time the test set. The timer is the platform's own, taken when this module loads.

export interface CoarseClock {
  /** Wall-clock time (epoch ms) of a reading taken shortly before. */
  now(): number;
}

const PlatformDate = Date;
const platformNow = Date.now;
const platformSetTimeout = setTimeout;
/** Whether this module loaded under fake timers already (their Date says so): nothing is shared then. */
const loadedFaked = (Date as { isFake?: boolean }).isFake === true;

/** Whether a reading may be shared: Date is the platform's own, not replaced or mocked since this module loaded. */
const platformClock = (): boolean => !loadedFaked && globalThis.Date === PlatformDate && PlatformDate.now === platformNow;

/** Runs `expire` once after the event loop's next timer phase, without keeping the process alive. */
function afterTimerPhase(expire: () => void): void {
  const timer = platformSetTimeout(expire, 1) as unknown as { unref?: () => void };
  timer.unref?.();
}

export function createCoarseClock(
  read: () => number = () => Date.now(),
  maxUses = 64,
  schedule: (expire: () => void) => void = afterTimerPhase,
): CoarseClock {
  let reading = 0;
  let uses = maxUses;
  let armed = false;
  const expire = (): void => {
    armed = false;
    uses = maxUses;
  };
  /** A new reading (or, off the platform's clock, a reading of the clock of the moment). */
  const reread = (): number => {
    if (!platformClock()) {
      uses = maxUses; // the reading of before may be of a faked time
      return read();
    }
    reading = read();
    uses = 1;
    if (!armed) {
      armed = true;
      schedule(expire);
    }
    return reading;
  };
  return {
    // The shared reading in a few operations, the rest in `reread`: small enough for the compiler
    // to inline into a request's path beside the journal's other work (it inlines by size, on a budget).
    now() {
      if (uses < maxUses && platformClock()) {
        uses++;
        return reading;
      }
      return reread();
    },
  };
}
