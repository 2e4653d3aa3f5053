import { Type } from 'class-transformer';
import { IsEmail, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { ApiError } from './api-error';
import { ApiValidationPipe } from './api-validation.pipe';

class ContactDto {
  @IsOptional() @IsEmail() contact_email?: string;
}
class ItemDto {
  @IsString() sku!: string;
  @IsInt() quantity!: number;
}
class RequestDto {
  @IsString() merchant!: string;
  @IsOptional() @ValidateNested() @Type(() => ContactDto) dropoff?: ContactDto;
  @IsOptional() @ValidateNested({ each: true }) @Type(() => ItemDto) items?: ItemDto[];
}
class OptionalDto {
  @IsOptional() @IsString() update_reason_code?: string;
}

async function failure(value: unknown, metatype: new () => object = RequestDto): Promise<ApiError> {
  try {
    await new ApiValidationPipe().transform(value, { type: 'body', metatype });
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a validation failure');
}

describe('ApiValidationPipe', () => {
  it('names every bad field by its full path, unknown fields included', async () => {
    const error = await failure({ merchant: 1, dropoff: { contact_email: 'nope', extra: 1 }, items: [{ sku: 'A', quantity: 'two' }], other: true });
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual(expect.arrayContaining([
      { field: 'merchant', message: 'must be a string' },
      { field: 'other', message: 'should not exist' },
      { field: 'dropoff.contact_email', message: 'must be an email' },
      { field: 'dropoff.extra', message: 'should not exist' },
      { field: 'items.0.quantity', message: 'must be an integer number' },
    ]));
    expect(error.details).toHaveLength(5);
    expect(error.messages).toContain('dropoff.contact_email : must be an email');
  });

  it('takes an optional body absent, {} or [] as no fields', async () => {
    const pipe = new ApiValidationPipe();
    for (const body of [undefined, {}, []]) {
      expect(await pipe.transform(body, { type: 'body', metatype: OptionalDto })).toBeInstanceOf(OptionalDto);
    }
  });

  it('refuses a JSON value that is not an object', async () => {
    expect((await failure('text')).details).toEqual([{ field: 'body', message: 'must be a JSON object' }]);
    expect((await failure([1], OptionalDto)).status).toBe(400);
  });
});
