import type { Position } from '../event-store.port';

/**
 * A SQL position is the (transaction id, position) cursor readers page by, as
 * `<20-digit xid8>-<20-digit position>`: fixed width, so string order is the global order.
 */
export interface SqlCursor {
  transactionId: string;
  position: string;
}

const WIDTH = 20;
const SHAPE = /^(\d{20})-(\d{20})$/;

export function encodeSqlPosition(transactionId: string, position: string): Position {
  return `${transactionId.padStart(WIDTH, '0')}-${position.padStart(WIDTH, '0')}`;
}

export function decodeSqlPosition(value: Position): SqlCursor {
  const match = SHAPE.exec(value);
  if (!match) throw new RangeError(`Not a position of the SQL event store: ${value}`);
  return { transactionId: BigInt(match[1]).toString(), position: BigInt(match[2]).toString() };
}

/** The cursor before every event. */
export const SQL_CURSOR_START: SqlCursor = { transactionId: '0', position: '0' };
