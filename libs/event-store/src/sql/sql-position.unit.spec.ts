import { decodeSqlPosition, encodeSqlPosition } from './sql-position';

describe('SQL positions', () => {
  it('round-trips the (transaction id, position) cursor', () => {
    const encoded = encodeSqlPosition('4294967301', '17');
    expect(encoded).toBe('00000000004294967301-00000000000000000017');
    expect(decodeSqlPosition(encoded)).toEqual({ transactionId: '4294967301', position: '17' });
  });

  it('orders as strings exactly as the cursor orders as numbers', () => {
    const cursors: Array<[bigint, bigint]> = [
      [9n, 100n],
      [10n, 3n],
      [10n, 20n],
      [4294967296n, 1n],
      [18446744073709551615n, 9223372036854775807n],
    ];
    const encoded = cursors.map(([xid, position]) => encodeSqlPosition(xid.toString(), position.toString()));
    expect([...encoded].sort()).toEqual(encoded);
  });

  it('refuses anything that is not one of its positions', () => {
    expect(() => decodeSqlPosition('00000000000000000042')).toThrow(RangeError);
    expect(() => decodeSqlPosition('12-34')).toThrow(RangeError);
  });
});
