import { OpenApiResponseChecker, type OpenApiDocument } from './openapi-responses';

const document: OpenApiDocument = {
  paths: {
    '/things/{id}': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } } },
    '/things/special': { get: { responses: { 200: { description: 'no schema' } } } },
  },
  components: { schemas: { Thing: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, note: { type: 'string', nullable: true } } } } },
};

describe('OpenApiResponseChecker', () => {
  const checker = new OpenApiResponseChecker(document);

  it('accepts a body that matches the documented schema, nullable included', () => {
    expect(checker.check('GET', '/things/1?x=1', 200, 'application/json', { id: '1', note: null })).toEqual([]);
  });

  it('names what does not match', () => {
    expect(checker.check('GET', '/things/1', 200, 'application/json', { note: 3 })).toEqual([
      expect.stringContaining("GET /things/{id} → 200: body must have required property 'id'"),
      expect.stringContaining('GET /things/{id} → 200: body/note must be string'),
    ]);
  });

  it('refuses a 2xx the document does not list, and leaves undocumented errors and routes alone', () => {
    expect(checker.check('GET', '/things/1', 201, 'application/json', {})).toEqual(['GET /things/{id} → 201: status not in the OpenAPI document']);
    expect(checker.check('GET', '/things/1', 404, 'application/json', {})).toEqual([]);
    expect(checker.check('GET', '/elsewhere', 200, 'application/json', {})).toEqual([]);
  });

  it('prefers a literal path segment over a parameter', () => {
    expect(checker.find('GET', '/things/special')?.template).toBe('/things/special');
  });
});
