// One bound on how long an outside call may take. The call itself is not
// stopped (not every client can be aborted); past the limit its answer is
// ignored and the caller gets TimedOut.

export class TimedOut extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = "TimedOut";
  }
}

export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(ms)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
