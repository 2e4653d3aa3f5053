/** How an adapter tells its subscriptions that new events may be readable. */
export interface LiveSignal {
  readonly version: number;
  /** Resolves once the version has moved past `since`, after `timeoutMs`, or on abort. */
  waitForChange(since: number, timeoutMs: number, abort: AbortSignal): Promise<void>;
  /** This process committed an append. */
  appended(): void;
  /** A subscription starts listening (the Postgres adapter opens its LISTEN connection lazily). */
  listen(): void;
  close(): Promise<void>;
}
