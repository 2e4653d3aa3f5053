import { ApiError } from './api-error';
import { errorShapeForPath, renderErrorBody } from './error-body';

describe('error bodies by area', () => {
  const now = new Date('2026-11-21T10:15:00Z');
  const invalid = new ApiError(400, ['dropoff.contact_email : must be an email'], 'validation_failed', [{ field: 'dropoff.contact_email', message: 'must be an email' }]);

  it('shipping: {status, timestamp, errors}', () => {
    expect(renderErrorBody('shipping', invalid, now)).toEqual({ status: '400', timestamp: '2026-11-21T10:15:00.000Z', errors: ['dropoff.contact_email : must be an email'] });
    expect(renderErrorBody('shipping', ApiError.notFound('No shipment found with the shipment id: X'), now).errors).toEqual(['No shipment found with the shipment id: X']);
  });

  it('orders: {error, code, details[{field, message}]}', () => {
    expect(renderErrorBody('orders', invalid, now)).toEqual({
      error: 'dropoff.contact_email : must be an email', code: 'validation_failed', details: [{ field: 'dropoff.contact_email', message: 'must be an email' }],
    });
  });

  it('token: {error, error_description}', () => {
    expect(renderErrorBody('token', new ApiError(401, ['Unauthorized'], 'access_denied'), now)).toEqual({ error: 'access_denied', error_description: 'Unauthorized' });
    expect(renderErrorBody('token', invalid, now)).toEqual({ error: 'bad_request', error_description: 'dropoff.contact_email : must be an email' });
  });

  it('chooses the area by path where no route says', () => {
    expect(['/oauth/token', '/orders/1', '/locations', '/admin/tenants', '/shipments/1', '/carrier-accounts', '/nowhere'].map(errorShapeForPath))
      .toEqual(['token', 'orders', 'orders', 'orders', 'shipping', 'shipping', 'shipping']);
  });
});
