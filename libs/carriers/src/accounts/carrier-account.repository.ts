import type { Kysely, Selectable } from 'kysely';
import { preparedQuery, type Database } from '@shipledger/database';
import type { CredentialCipher } from '../secrets/credential-cipher';
import { carriersTables } from '../storage/carriers-schema';
import type { CarriersTables } from '../storage/carriers-database';
import type { CarrierAccount, CarrierAccountStatus, CarrierCode, LabelKind } from './carrier-account';

type AccountRow = Selectable<CarriersTables['carrier_accounts']>;

export class DuplicateAccountNameError extends Error {}
export class StaleAccountVersionError extends Error {}

/** Carrier accounts in `carriers.carrier_accounts`; properties are encrypted before they reach SQL. */
export class CarrierAccountRepository {
  private readonly changeListeners = new Set<(tenantId: string) => void>();

  constructor(private readonly database: Database, private readonly cipher: CredentialCipher) {}

  /** Called with the tenant after each insert or update this repository commits (caches of this process). */
  onChange(listener: (tenantId: string) => void): void {
    this.changeListeners.add(listener);
  }

  private changed(tenantId: string): void {
    for (const listener of this.changeListeners) listener(tenantId);
  }

  private db(): Promise<Kysely<CarriersTables>> {
    return carriersTables(this.database);
  }

  async insert(account: CarrierAccount): Promise<void> {
    const db = await this.db();
    try {
      await db.insertInto('carrier_accounts').values(this.toRow(account)).execute();
    } catch (error) {
      throw translateUnique(error);
    }
    this.changed(account.tenantId);
  }

  /**
   * Invariant: a write lands only on the version it was computed from (`version = expected`), so two
   * concurrent PUTs cannot silently overwrite each other's properties; the loser retries or fails.
   */
  async update(account: CarrierAccount, expectedVersion: number): Promise<void> {
    const db = await this.db();
    try {
      const result = await db.updateTable('carrier_accounts')
        .set(this.toRow(account))
        .where('tenant_id', '=', account.tenantId)
        .where('carrier_account_id', '=', account.carrierAccountId)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new StaleAccountVersionError(account.carrierAccountId);
    } catch (error) {
      throw translateUnique(error);
    }
    this.changed(account.tenantId);
  }

  async get(tenantId: string, carrierAccountId: string): Promise<CarrierAccount | undefined> {
    const db = await this.db();
    const [row] = (await db.executeQuery(preparedQuery(db.selectFrom('carrier_accounts').selectAll()
      .where('tenant_id', '=', tenantId).where('carrier_account_id', '=', carrierAccountId)))).rows;
    return row ? this.fromRow(row as AccountRow) : undefined;
  }

  /** Across tenants: the carrier webhook knows an account id, not a tenant. */
  async getById(carrierAccountId: string): Promise<CarrierAccount | undefined> {
    const db = await this.db();
    const row = await db.selectFrom('carrier_accounts').selectAll()
      .where('carrier_account_id', '=', carrierAccountId).executeTakeFirst();
    return row ? this.fromRow(row as AccountRow) : undefined;
  }

  async findLiveByName(tenantId: string, name: string): Promise<CarrierAccount | undefined> {
    const db = await this.db();
    const row = await db.selectFrom('carrier_accounts').selectAll()
      .where('tenant_id', '=', tenantId).where('status', '<>', 'deleted')
      .where((eb) => eb(eb.fn('lower', ['carrier_account_name']), '=', name.toLowerCase()))
      .executeTakeFirst();
    return row ? this.fromRow(row as AccountRow) : undefined;
  }

  async list(tenantId: string, statuses: readonly CarrierAccountStatus[]): Promise<CarrierAccount[]> {
    const db = await this.db();
    const rows = await db.selectFrom('carrier_accounts').selectAll()
      .where('tenant_id', '=', tenantId).where('status', 'in', [...statuses])
      .orderBy('creation_date').orderBy('carrier_account_id')
      .execute();
    return rows.map((row) => this.fromRow(row as AccountRow));
  }

  private toRow(account: CarrierAccount): AccountRow {
    return {
      tenant_id: account.tenantId,
      carrier_account_id: account.carrierAccountId,
      carrier_account_name: account.carrierAccountName,
      carrier: account.carrier,
      property_encrypted: this.cipher.encrypt(account.property, account.carrierAccountId),
      default_label: account.defaultLabel,
      auto_ready_to_ship: account.autoReadyToShip,
      auto_return_confirmed: account.autoReturnConfirmed,
      status: account.status,
      version: account.version,
      creation_date: account.creationDate,
      update_date: account.updateDate,
    };
  }

  private fromRow(row: AccountRow): CarrierAccount {
    return {
      tenantId: row.tenant_id,
      carrierAccountId: row.carrier_account_id,
      carrierAccountName: row.carrier_account_name,
      carrier: row.carrier as CarrierCode,
      property: this.cipher.decrypt(row.property_encrypted, row.carrier_account_id),
      defaultLabel: row.default_label as LabelKind,
      autoReadyToShip: row.auto_ready_to_ship,
      autoReturnConfirmed: row.auto_return_confirmed,
      status: row.status as CarrierAccountStatus,
      version: row.version,
      creationDate: new Date(row.creation_date).toISOString(),
      updateDate: new Date(row.update_date).toISOString(),
    };
  }
}

function translateUnique(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  return code === '23505' ? new DuplicateAccountNameError('duplicate carrier account name') : error;
}
