import type { LookupOptions } from 'node:dns';
import { Agent } from 'undici';

/** What one pooled dispatcher is for: a reused connection is only ever to this origin, at this address, with these CAs. */
export interface PoolTarget {
  origin: string;
  /** The checked address the connection goes to (re-resolved and re-checked per call; a new address is a new pool). */
  address: string;
  family: 4 | 6;
  /** Names the trusted CA set (the configured one, or an own-service route's); part of the key. */
  caKey: string;
  ca?: string | string[];
}

export interface PoolLimits {
  connectTimeoutMs: number;
  /** Pooled (origin, address, CA) keys at most; the least recently used one is closed beyond it. */
  maxPooledOrigins: number;
  /** Open connections per key at most; further calls queue (inside their own deadline). */
  connectionsPerOrigin: number;
  /** An idle connection is closed after this long; a key unused this long is closed as a whole. */
  idleTimeoutMs: number;
}

interface Entry {
  agent: Agent;
  lastUsed: number;
}

/**
 * Keep-alive dispatchers, one per (origin, checked address, CA set), in a bounded LRU. Every
 * connection of a dispatcher is made through a lookup pinned to its address, so reuse never skips
 * the address check: a call whose name now resolves elsewhere is checked again and gets another key.
 */
export class OutboundPool {
  /** Map order is use order: the first entry is the least recently used. */
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly limits: PoolLimits, private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.entries.size;
  }

  dispatcherFor(target: PoolTarget): Agent {
    const key = `${target.origin}|${target.address}|${target.caKey}`;
    this.closeIdle();
    const found = this.entries.get(key);
    if (found) {
      this.entries.delete(key);
      found.lastUsed = this.now();
      this.entries.set(key, found);
      return found.agent;
    }
    const agent = new Agent({
      connect: { timeout: this.limits.connectTimeoutMs, lookup: pinnedLookup(target), ...(target.ca ? { ca: target.ca } : {}) },
      connections: this.limits.connectionsPerOrigin,
      pipelining: 1,
      keepAliveTimeout: this.limits.idleTimeoutMs,
      keepAliveMaxTimeout: this.limits.idleTimeoutMs,
    });
    this.entries.set(key, { agent, lastUsed: this.now() });
    while (this.entries.size > this.limits.maxPooledOrigins) this.evict(this.entries.keys().next().value!);
    return agent;
  }

  /** Closes every dispatcher whose CA set is `caKey` (an own-service allowance taken back). */
  closeWhere(caKey: string): void {
    for (const key of [...this.entries.keys()]) if (key.endsWith(`|${caKey}`)) this.evict(key);
  }

  /** Shutdown: ends every pooled connection, in-flight calls included. */
  async close(): Promise<void> {
    const agents = [...this.entries.values()].map((entry) => entry.agent);
    this.entries.clear();
    await Promise.all(agents.map((agent) => agent.destroy().catch(() => undefined)));
  }

  private closeIdle(): void {
    const cutoff = this.now() - this.limits.idleTimeoutMs;
    for (const [key, entry] of this.entries) {
      if (entry.lastUsed > cutoff) break; // use order: the rest are newer
      this.evict(key);
    }
  }

  /** Graceful: calls already running on it finish, then its connections close. */
  private evict(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    void entry.agent.close().catch(() => undefined);
  }
}

/** net/tls.connect's `lookup`, answering every question with the checked address. */
function pinnedLookup(target: PoolTarget) {
  return (_hostname: string, options: LookupOptions, callback: (...args: any[]) => void): void => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
