import 'reflect-metadata';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsArray, IsInt, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
import { ApiError } from './api-error';
import { ApiValidationPipe } from './api-validation.pipe';
import { StrictInput } from './client-input';

class DeliveryDto {
  @IsOptional() @IsString() delivery_type?: string;
  @IsOptional() @IsString() scheduled_date?: string;
}
class ItemDto {
  @IsOptional() @IsString() sku?: string;
  @IsOptional() @IsInt() quantity?: number;
}
class BodyDto {
  @IsOptional() @ValidateNested() @Type(() => DeliveryDto) delivery?: DeliveryDto;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => ItemDto) items?: ItemDto[];
  @IsOptional() @IsObject() attributes?: Record<string, string[]>;
  @IsOptional() @IsArray() tags?: string[];
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsInt() limit?: number | null;
  @Allow() echoed?: unknown;
}
@StrictInput()
class StrictDto {
  @IsOptional() @IsString() name?: string;
}

const pipe = new ApiValidationPipe();
const transform = (body: unknown, metatype: new () => object = BodyDto) => pipe.transform(body, { type: 'body', metatype }) as Promise<any>;
async function failure(body: unknown): Promise<ApiError> {
  try {
    await transform(body);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a failure');
}

describe('client input conventions', () => {
  it('takes [] where an object is expected as {}, in nested DTOs, list elements and maps', async () => {
    const out = await transform({ delivery: [], items: [[], { sku: 'A' }], attributes: [] });
    expect(out.delivery).toBeInstanceOf(DeliveryDto);
    expect({ ...out.delivery }).toEqual({});
    expect(out.items.map((item: object) => ({ ...item }))).toEqual([{}, { sku: 'A' }]);
    expect(out.attributes).toEqual({});
  });

  it('refuses a non-empty array where an object is expected, naming it', async () => {
    expect((await failure({ delivery: ['x'], items: [[1]] })).details).toEqual([
      { field: 'delivery', message: 'must be an object' },
      { field: 'items.0', message: 'must be an object' },
    ]);
  });

  it('leaves lists and echoed response fields alone', async () => {
    const out = await transform({ tags: [], echoed: [1, 2] });
    expect(out.tags).toEqual([]);
    expect(out.echoed).toEqual([1, 2]);
  });

  it('reads null and "" in optional fields as absent, at any depth', async () => {
    const out = await transform({ delivery: { delivery_type: null, scheduled_date: '' }, items: [{ sku: '', quantity: null }], tags: null });
    expect({ ...out.delivery }).toEqual({});
    expect({ ...out.items[0] }).toEqual({});
    expect(out.tags).toBeUndefined();
  });

  it('keeps null where the field documents it as a value, and everything in a strict DTO', async () => {
    expect((await transform({ limit: null })).limit).toBeNull();
    await expect(pipe.transform({ name: null }, { type: 'body', metatype: StrictDto })).resolves.toEqual(expect.objectContaining({ name: null }));
    await expect(pipe.transform({ name: '' }, { type: 'body', metatype: StrictDto })).resolves.toEqual(expect.objectContaining({ name: '' }));
  });

  it('accepts an integer written 2.0', async () => {
    expect((await transform(JSON.parse('{"items":[{"quantity":2.0}]}'))).items[0].quantity).toBe(2);
  });
});
