import { sql } from 'kysely';
import { PREPARED_MARK } from '@shipledger/database';

/**
 * Put first in the event store's hot statements (appends, stream and page reads): on Postgres they are
 * prepared once per connection (libs/database prepared-statements.ts); their text must stay fixed.
 */
export const PREPARED = sql.raw(PREPARED_MARK);
