import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** Who is calling: set on the request by the platform's auth guard after every check passed. */
export interface AuthContext {
  tenantId: string;
  clientId: string;
  scopes: readonly string[];
  /** The merchants this client may touch; '*' when the token carries no merchant:X scope. */
  merchants: readonly string[] | '*';
  requestId: string;
  correlationId: string;
}

export const AUTH_CONTEXT_KEY = 'shipledgerAuth';

/** Controller parameter: `@CurrentAuth() auth: AuthContext`. */
export const CurrentAuth = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthContext => {
  const request = ctx.switchToHttp().getRequest<Record<string, unknown>>();
  const auth = request[AUTH_CONTEXT_KEY] as AuthContext | undefined;
  if (!auth) throw new Error('CurrentAuth used on a route without the API auth guard');
  return auth;
});

/** True when the caller may act on objects of this merchant. */
export function canAccessMerchant(auth: AuthContext, merchant: string): boolean {
  return auth.merchants === '*' || auth.merchants.includes(merchant);
}
