// How many API calls one instance works on at once (issue 19 item 6,
// decision 89). A call visits the database pool several times (session,
// checks, write); past the pool's speed every call in progress waits behind
// every other at each visit, so a burst four times what the instance can do
// left every call late and none answered while memory grew with the pile.
// So at most `inProgress` calls run; the next ones wait their turn, first
// come first in, for at most `waitMs`; past that wait, or with `maxWaiting`
// already waiting, a call is told "busy" before it costs the database anything.

export type AdmissionSettings = { inProgress: number; maxWaiting: number; waitMs: number };

export type Admission = {
  /** A release to call once the call is answered, or null: busy. */
  enter(): Promise<(() => void) | null>;
  load(): { running: number; waiting: number };
};

export function createAdmission(opts: AdmissionSettings): Admission {
  type Waiter = { admit: (release: (() => void) | null) => void; timer: ReturnType<typeof setTimeout> | null; gone: boolean };
  const line: Waiter[] = [];
  let head = 0;
  let running = 0;
  let waiting = 0;

  function releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      // The slot goes to the first still waiting, else back to the pool of slots.
      while (head < line.length) {
        const next = line[head++]!;
        if (next.gone) continue;
        next.gone = true;
        waiting--;
        clearTimeout(next.timer!);
        next.admit(releaser());
        compact();
        return;
      }
      compact();
      running--;
    };
  }

  /** Drops the served head of the line now and then, so it never grows with what passed through. */
  function compact() {
    if (head > 1024 && head * 2 > line.length) {
      line.splice(0, head);
      head = 0;
    }
  }

  return {
    enter() {
      if (running < opts.inProgress) {
        running++;
        return Promise.resolve(releaser());
      }
      if (waiting >= opts.maxWaiting) return Promise.resolve(null);
      return new Promise((admit) => {
        const waiter: Waiter = { admit, timer: null, gone: false };
        waiter.timer = setTimeout(() => {
          if (waiter.gone) return;
          waiter.gone = true;
          waiting--;
          // Calls that gave up stay in the line until its head passes them: sweep them if nothing is passing.
          if (line.length - head > 2 * waiting + 1024) {
            const live = line.slice(head).filter((w) => !w.gone);
            line.length = 0;
            line.push(...live);
            head = 0;
          }
          admit(null);
        }, opts.waitMs);
        waiting++;
        line.push(waiter);
      });
    },
    load: () => ({ running, waiting }),
  };
}
