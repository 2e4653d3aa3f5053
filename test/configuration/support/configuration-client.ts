import { randomUUID } from 'node:crypto';
import type { TestApp, TestResponse, TestTenant } from '@shipledger/testing';

export interface ConfigurationClient {
  call(method: string, path: string, body?: unknown): Promise<TestResponse>;
  create(path: string, body: unknown): Promise<any>;
}

export function configurationClient(app: TestApp, tenant: TestTenant): ConfigurationClient {
  const call = (method: string, path: string, body?: unknown) => app.http.request(method, path, { headers: tenant.headers, body });
  return {
    call,
    async create(path, body) {
      const response = await call('POST', path, body);
      if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${response.text}`);
      return response.body;
    },
  };
}

/** A complete location request with a fresh code. */
export function locationRequest(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    location_name: 'Main warehouse',
    location_code: `WH-${randomUUID().slice(0, 8)}`,
    contact_name: 'Warehouse desk',
    contact_phone: '+971500000001',
    address1: '1 Warehouse Road',
    city: 'Dubai',
    country: 'AE',
    ...overrides,
  };
}

export const freshCode = (prefix: string): string => `${prefix}_${randomUUID().slice(0, 8).toUpperCase()}`;
