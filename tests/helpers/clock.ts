// Every test starts from one fixed moment, whatever day it runs on: a Monday
// morning in Beijing. API tests hold their app's clock there; servers the
// browser tests start run from it (CLOCK_START), and so do their browsers.
export const START = new Date("2026-03-02T01:30:00.000Z");

const began = Date.now();

/** The time of a server started by this test process: START plus the time this process has run. */
export const testNow = (): Date => new Date(START.getTime() + (Date.now() - began));
