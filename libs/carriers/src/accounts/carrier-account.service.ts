import { randomUUID } from 'node:crypto';
import { ApiError } from '@shipledger/platform';
import {
  MASKED_VALUE, type CarrierAccount, type CarrierAccountInput, type CarrierAccountStatus,
} from './carrier-account';
import type { CarrierRegistry } from '../carrier/carrier.registry';
import { CarrierAccountRepository, DuplicateAccountNameError, StaleAccountVersionError } from './carrier-account.repository';

const DEFAULT_LIST: readonly CarrierAccountStatus[] = ['active', 'inactive'];

/** Use cases of `/carrier-accounts`; every read and write is scoped to the caller's tenant. */
export class CarrierAccountService {
  constructor(
    private readonly accounts: CarrierAccountRepository,
    private readonly carriers: CarrierRegistry,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(tenantId: string, input: CarrierAccountInput): Promise<CarrierAccount> {
    await this.checkProperties(input.carrier, input.property);
    const at = this.now().toISOString();
    const account: CarrierAccount = {
      tenantId,
      carrierAccountId: randomUUID(),
      ...input,
      version: 1,
      creationDate: at,
      updateDate: at,
    };
    await this.write(() => this.accounts.insert(account), input.carrierAccountName);
    return account;
  }

  async get(tenantId: string, carrierAccountId: string): Promise<CarrierAccount> {
    const account = await this.accounts.get(tenantId, carrierAccountId);
    if (!account) throw ApiError.notFound(`No carrier account found with the carrier account id: ${carrierAccountId}`);
    return account;
  }

  list(tenantId: string, status?: CarrierAccountStatus): Promise<CarrierAccount[]> {
    return this.accounts.list(tenantId, status ? [status] : DEFAULT_LIST);
  }

  async replace(tenantId: string, carrierAccountId: string, input: CarrierAccountInput): Promise<CarrierAccount> {
    const current = await this.get(tenantId, carrierAccountId);
    if (current.status === 'deleted') throw ApiError.badRequest(`Carrier account ${carrierAccountId} is deleted.`);
    const property = Object.fromEntries(Object.entries(input.property).map(([key, value]) => [
      key,
      value === MASKED_VALUE && key in current.property ? current.property[key]! : value,
    ]));
    await this.checkProperties(input.carrier, property);
    const next: CarrierAccount = {
      ...current,
      ...input,
      property,
      version: current.version + 1,
      updateDate: this.now().toISOString(),
    };
    await this.write(() => this.accounts.update(next, current.version), input.carrierAccountName);
    return next;
  }

  async delete(tenantId: string, carrierAccountId: string): Promise<CarrierAccount> {
    const current = await this.get(tenantId, carrierAccountId);
    if (current.status === 'deleted') return current;
    const next: CarrierAccount = {
      ...current, status: 'deleted', version: current.version + 1, updateDate: this.now().toISOString(),
    };
    await this.write(() => this.accounts.update(next, current.version), current.carrierAccountName);
    return next;
  }

  /** The carrier's own rules for its properties (e.g. the HTTP carrier's URL must pass the outbound guard). */
  private async checkProperties(carrier: CarrierAccountInput['carrier'], property: Record<string, string>): Promise<void> {
    const problems = await this.carriers.get(carrier).checkAccount?.(property) ?? [];
    if (problems.length > 0) throw new ApiError(400, problems, 'validation_failed');
  }

  private async write(operation: () => Promise<void>, name: string): Promise<void> {
    try {
      await operation();
    } catch (error) {
      if (error instanceof DuplicateAccountNameError) {
        throw ApiError.badRequest(`Duplicate carrier account name: ${name}`);
      }
      if (error instanceof StaleAccountVersionError) {
        throw ApiError.conflict('The carrier account was changed by another request; read it again and retry.');
      }
      throw error;
    }
  }
}
