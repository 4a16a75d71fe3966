/**
 * How fast this machine is right now. These machines are shared virtual ones: the same build has served the
 * first feed page at 1,300-1,550 requests/s on one of them and at 640-1,050 on another of the same kind an hour
 * later. A fixed piece of JavaScript timed beside the results says what kind of machine a table comes from.
 */

/** Milliseconds for a fixed integer loop (the median of three); lower is faster. */
export function machineSpeedMs(): number {
  const runs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const start = process.hrtime.bigint();
    let sum = 0;
    for (let i = 0; i < 300_000_000; i++) sum += i % 7;
    runs.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (sum < 0) throw new Error('unreachable: keeps the loop from being optimised away');
  }
  return runs.sort((a, b) => a - b)[1]!;
}
