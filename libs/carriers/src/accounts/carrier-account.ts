/** Carrier codes this service can book with (SANDBOX_LITE: no cancellation, no document upload). */
export const CARRIER_CODES = ['SANDBOX', 'SANDBOX_LITE', 'HTTP'] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];

export const LABEL_KINDS = ['carrier_pdf', 'service_pdf', 'service_zpl'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

export const ACCOUNT_STATUSES = ['active', 'inactive', 'deleted'] as const;
export type CarrierAccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** A carrier account with its properties decrypted: only ever held in memory. */
export interface CarrierAccount {
  tenantId: string;
  carrierAccountId: string;
  carrierAccountName: string;
  carrier: CarrierCode;
  property: Record<string, string>;
  defaultLabel: LabelKind;
  autoReadyToShip: boolean;
  autoReturnConfirmed: boolean;
  status: CarrierAccountStatus;
  version: number;
  creationDate: string;
  updateDate: string;
}

/** What a client may set (create and PUT). */
export type CarrierAccountInput =
  Pick<CarrierAccount, 'carrierAccountName' | 'carrier' | 'property' | 'defaultLabel' | 'autoReadyToShip' | 'autoReturnConfirmed'>
  & { status: 'active' | 'inactive' };

/** Property values go out masked; a PUT that sends the mask back keeps the stored value. */
export const MASKED_VALUE = '********';

export interface CarrierAccountResponse {
  carrier_account_id: string;
  carrier_account_name: string;
  carrier: CarrierCode;
  property: Record<string, string>;
  label: { default_label: LabelKind };
  auto_ready_to_ship: boolean;
  auto_return_confirmed: boolean;
  status: CarrierAccountStatus;
  deleted: boolean;
  creation_date: string;
  update_date: string;
}

export function toCarrierAccountResponse(account: CarrierAccount): CarrierAccountResponse {
  return {
    carrier_account_id: account.carrierAccountId,
    carrier_account_name: account.carrierAccountName,
    carrier: account.carrier,
    property: Object.fromEntries(Object.keys(account.property).sort().map((key) => [key, MASKED_VALUE])),
    label: { default_label: account.defaultLabel },
    auto_ready_to_ship: account.autoReadyToShip,
    auto_return_confirmed: account.autoReturnConfirmed,
    status: account.status,
    deleted: account.status === 'deleted',
    creation_date: account.creationDate,
    update_date: account.updateDate,
  };
}
