import { TokenService } from './token.service';

describe('TokenService', () => {
  const input = { tenantId: 'ACME', clientId: 'cl_1', scopes: ['read:shipments', 'create:shipments'], merchants: ['SHOP1'] };

  it('issues a 24 h token whose claims come back from verify', async () => {
    const service = new TokenService('secret-secret-secret-secret-secret');
    const issued = await service.issue(input);
    expect(issued).toMatchObject({ scope: 'tenant:ACME merchant:SHOP1 read:shipments create:shipments', expiresIn: 86400 });
    expect(await service.verify(issued.accessToken)).toEqual({
      tenantId: 'ACME', clientId: 'cl_1', scopes: ['read:shipments', 'create:shipments'], merchants: ['SHOP1'], scope: issued.scope,
    });
  });

  it('reads a token without merchant scopes as every merchant', async () => {
    const service = new TokenService('secret-secret-secret-secret-secret');
    const issued = await service.issue({ ...input, merchants: [] });
    expect((await service.verify(issued.accessToken))?.merchants).toBe('*');
  });

  it('rejects expired, forged and tampered tokens', async () => {
    let now = Date.now();
    const service = new TokenService('secret-secret-secret-secret-secret', () => now);
    const issued = await service.issue(input);
    const [header, payload, signature] = issued.accessToken.split('.');
    const tampered = Buffer.from(payload, 'base64url').toString().replace('ACME', 'EVIL');
    expect(await service.verify(`${header}.${Buffer.from(tampered).toString('base64url')}.${signature}`)).toBeUndefined();
    expect(await new TokenService('another-secret-another-secret-x').verify(issued.accessToken)).toBeUndefined();
    expect(await service.verify('not.a.token')).toBeUndefined();
    now += 86_401_000;
    expect(await service.verify(issued.accessToken)).toBeUndefined();
  });

  it('remembers a verified token only until it expires, and never lets a tampered copy ride on it', async () => {
    let now = Date.now();
    const service = new TokenService('secret-secret-secret-secret-secret', () => now);
    const issued = await service.issue(input);
    expect((await service.verify(issued.accessToken))?.tenantId).toBe('ACME');
    expect((await service.verify(issued.accessToken))?.tenantId).toBe('ACME');
    const [header, payload, signature] = issued.accessToken.split('.');
    expect(await service.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`)).toBeUndefined();
    now += 86_399_000;
    expect((await service.verify(issued.accessToken))?.clientId).toBe('cl_1');
    now += 1_000;
    expect(await service.verify(issued.accessToken)).toBeUndefined();
  });
});
