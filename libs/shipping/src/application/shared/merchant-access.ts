import { Inject, Injectable } from '@nestjs/common';
import { ApiError, canAccessMerchant, PLATFORM_SERVICES, type AuthContext, type PlatformServices } from '@shipledger/platform';

/**
 * Every shipment write that gives or changes `merchant` asks here before anything is decided: a
 * merchant outside the token's merchant scopes → 403; one the tenant does not have → 400 naming
 * `merchant`. The scope is checked first, so a limited client learns nothing about other merchants.
 */
@Injectable()
export class MerchantAccess {
  constructor(@Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices) {}

  /** `merchant` undefined: the write does not touch it (a partial body without merchant). */
  async check(auth: AuthContext, merchant: string | undefined): Promise<void> {
    if (merchant === undefined || merchant === '') return;
    if (!canAccessMerchant(auth, merchant)) throw ApiError.forbidden(`Not allowed to act for merchant ${merchant}`);
    if (!(await this.platform.directory.hasMerchant(auth.tenantId, merchant))) {
      throw ApiError.badRequest(`merchant : unknown merchant ${merchant}`, [{ field: 'merchant', message: `unknown merchant ${merchant}` }], 'validation_failed');
    }
  }
}
