/**
 * Crash points for the tests that prove recovery: when SHIPLEDGER_FAULT_INJECTION names the point, the
 * process is killed there (SIGKILL: no shutdown hook, no answer, no cleanup), exactly like a power cut.
 * Unset in every real deployment; a name that is not a point does nothing.
 */
export type CrashPoint = 'create-after-append';

export function crashPoint(point: CrashPoint): void {
  if (process.env.SHIPLEDGER_FAULT_INJECTION === point) process.kill(process.pid, 'SIGKILL');
}
