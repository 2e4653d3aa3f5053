import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { OPENAPI_PUBLIC_EXTENSION } from '@shipledger/platform';

const UI_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/**
 * OpenAPI 3 from the controllers and DTOs: /docs/openapi.json (and .yaml) from @nestjs/swagger, and
 * the Swagger UI at /docs served straight from swagger-ui-dist (no static-file plugin needed).
 */
export function mountOpenApi(app: INestApplication, fastify: FastifyInstance): void {
  const config = new DocumentBuilder()
    .setTitle('Shipledger API')
    .setDescription('The Shipledger HTTP API. Every tenant call carries all three credentials together: tenant-id, '
      + 'x-api-key and a bearer token from /oauth/token. Operator routes under /admin take the ADMIN_TOKEN bearer instead; '
      + 'public routes (token, health, signed label links) take none.')
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key' }, 'api-key')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'tenant-id' }, 'tenant-id')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN' }, 'admin')
    // One requirement object naming all three: they are required together, not alternatives.
    .addSecurityRequirements({ bearer: [], 'api-key': [], 'tenant-id': [] })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  // Public routes (token, health, signed label links, carrier webhooks) take none of the credentials.
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations) as Array<Record<string, unknown>>) {
      if (operation && typeof operation === 'object' && operation[OPENAPI_PUBLIC_EXTENSION]) {
        delete operation[OPENAPI_PUBLIC_EXTENSION];
        operation.security = [];
      }
    }
  }
  SwaggerModule.setup('docs', app, document, {
    swaggerUiEnabled: false,
    jsonDocumentUrl: 'docs/openapi.json',
    yamlDocumentUrl: 'docs/openapi.yaml',
  });
  const assetsDir = dirname(require.resolve('swagger-ui-dist/package.json'));
  fastify.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(UI_PAGE));
  fastify.get('/docs/swagger-initializer.js', async (_request, reply) => reply.type(UI_ASSETS['swagger-ui-bundle.js']).send(UI_INIT));
  for (const [name, type] of Object.entries(UI_ASSETS)) {
    const content = readFileSync(join(assetsDir, name));
    fastify.get(`/docs/${name}`, async (_request, reply) => reply.type(type).header('cache-control', 'public, max-age=86400').send(content));
  }
}

const UI_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shipledger API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css"><link rel="icon" href="/docs/favicon-32x32.png"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script><script src="/docs/swagger-ui-standalone-preset.js"></script>
<script src="/docs/swagger-initializer.js"></script></body></html>`;

const UI_INIT = `window.ui = SwaggerUIBundle({ url: '/docs/openapi.json', dom_id: '#swagger-ui', deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });`;
