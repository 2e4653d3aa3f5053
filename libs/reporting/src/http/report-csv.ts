import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * RFC 4180 CSV with a header line (csv-stringify). Cells a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or CR) are prefixed with a quote: merchants' references and carriers'
 * error codes end up in these files.
 */
export function toCsv(columns: readonly string[], rows: readonly object[]): string {
  return stringify(rows as Record<string, CsvValue>[], {
    header: true,
    columns: [...columns],
    escape_formulas: true,
    cast: { boolean: (value) => (value ? 'true' : 'false'), number: (value) => String(value) },
  });
}
