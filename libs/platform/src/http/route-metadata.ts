import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

/** The error body a route answers with (spec: shipping `{status, timestamp, errors}`, orders `{error, code, details}`). */
export type ErrorArea = 'shipping' | 'orders';
export const ERROR_AREA_KEY = 'shipledger:error-area';
export const UseErrorArea = (area: ErrorArea) => SetMetadata(ERROR_AREA_KEY, area);

/** Scopes the bearer token must carry, e.g. `@RequireScopes('create:shipments')`. */
export const REQUIRED_SCOPES_KEY = 'shipledger:required-scopes';
export const RequireScopes = (...scopes: string[]) => SetMetadata(REQUIRED_SCOPES_KEY, scopes);

/** A route outside the tenant API (token endpoint, health, metrics, docs, signed label URLs). */
export const PUBLIC_ROUTE_KEY = 'shipledger:public-route';
/** Marks the route's OpenAPI operation; the document builder (apps/api/src/openapi.ts) gives it no security requirement. */
export const OPENAPI_PUBLIC_EXTENSION = 'x-shipledger-public';
export const PublicRoute = () => applyDecorators(SetMetadata(PUBLIC_ROUTE_KEY, true), ApiExtension(OPENAPI_PUBLIC_EXTENSION, true));
