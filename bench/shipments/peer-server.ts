/**
 * The peer: the POST /shipments a NestJS team would otherwise write — Nest on Fastify over HTTPS (the
 * same self-signed TLS as the API), a jose HS256 JWT guard, the global ValidationPipe over the same
 * nested shipment DTO the API validates, and one INSERT of the body on a pool of the API's size (10).
 * No tenants, API keys, idempotency, events or read models. Forked by baseline-server.ts; says its port
 * and a token over IPC.
 */
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { Body, CanActivate, Controller, ExecutionContext, HttpCode, Injectable, Module, Post, UnauthorizedException, ValidationPipe } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { jwtVerify, SignJWT } from 'jose';
import { Pool } from 'pg';
import { generateSelfSigned } from '@shipledger/platform';
import { FullShipmentRequestDto } from '@shipledger/shipping';

export const PEER_TABLE = 'bench_peer_shipments';
const API_POOL_SIZE = 10;
const secret = randomBytes(32);
const pool = new Pool({ connectionString: process.env.BENCH_BASELINE_DATABASE_URL, max: API_POOL_SIZE });

@Injectable()
class JwtGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const header = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new UnauthorizedException();
    await jwtVerify(header.slice(7), secret, { algorithms: ['HS256'] }).catch(() => {
      throw new UnauthorizedException();
    });
    return true;
  }
}

@Controller('shipments')
class ShipmentsController {
  @Post()
  @HttpCode(200)
  async create(@Body() body: FullShipmentRequestDto): Promise<Record<string, unknown>> {
    const id = randomUUID();
    await pool.query(`insert into ${PEER_TABLE} (id, body) values ($1, $2)`, [id, JSON.stringify(body)]);
    return { shipment_id: id, ...body };
  }
}

@Module({ controllers: [ShipmentsController], providers: [{ provide: APP_GUARD, useClass: JwtGuard }] })
class PeerModule {}

async function main(): Promise<void> {
  if (!process.env.BENCH_BASELINE_DATABASE_URL) throw new Error('BENCH_BASELINE_DATABASE_URL is required');
  const tls = await generateSelfSigned();
  await pool.query(`create table if not exists ${PEER_TABLE} (id uuid primary key, body jsonb not null, created_at timestamptz not null default now())`);
  const app = await NestFactory.create<NestFastifyApplication>(PeerModule, new FastifyAdapter({ https: { key: tls.key, cert: tls.cert } }), { logger: false });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const token = await new SignJWT({ scope: 'create:shipments' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(secret);
  process.send?.({ type: 'baseline-ready', port: typeof address === 'object' && address ? address.port : 0, token });
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'close') return;
    void (async () => {
      await app.close();
      await pool.query(`drop table if exists ${PEER_TABLE}`).catch(() => undefined);
      await pool.end();
      process.exit(0);
    })();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
