import { SetMetadata } from '@nestjs/common';

/** An operator route under /admin: guarded by the ADMIN_TOKEN bearer instead of tenant credentials. */
export const ADMIN_ROUTE_KEY = 'shipledger:admin-route';
export const AdminRoute = () => SetMetadata(ADMIN_ROUTE_KEY, true);

/** Counts each successful call against the tenant's monthly quota for this meter (e.g. GET /shipments). */
export const MONTHLY_QUOTA_KEY = 'shipledger:monthly-quota';
export const CountsTowardsMonthlyQuota = (meter: 'shipments_list') => SetMetadata(MONTHLY_QUOTA_KEY, meter);
