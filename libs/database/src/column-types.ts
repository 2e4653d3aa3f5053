import type { ColumnType } from 'kysely';

/*
 * Column types shared by the contexts' hand-kept table types (e.g. ShippingTables). They say what
 * the drivers really hand back, so the compiler checks the columns a query names and the values it
 * writes.
 */

/** timestamptz: read back as a Date; written and compared as a Date or an ISO string. */
export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;

/** json/jsonb: parsed by the driver on the way out; written as the value or its JSON text. */
export type Json<T> = ColumnType<T, T | string, T | string>;

/** bigint/int8: pg hands it back as a string to keep the precision; written as a number. */
export type Int8 = ColumnType<string, number | string | bigint, number | string | bigint>;
