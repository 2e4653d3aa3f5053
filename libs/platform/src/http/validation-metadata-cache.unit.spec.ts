import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, IsInt, IsOptional, IsString, MetadataStorage, validate, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { installValidationMetadataCache } from './validation-metadata-cache';

class Inner {
  @IsString() name!: string;
}
class Outer {
  @IsOptional() @IsInt() count?: number;
  @ValidateNested() @Type(() => Inner) inner!: Inner;
}

async function messages(cls: new () => object, plain: object): Promise<string[]> {
  const errors = await validate(plainToInstance(cls, plain), { whitelist: true, forbidNonWhitelisted: true });
  const out: string[] = [];
  const walk = (list: typeof errors, prefix: string) => list.forEach((error) => {
    out.push(...Object.values(error.constraints ?? {}).map((message) => `${prefix}${error.property}: ${message}`));
    walk(error.children ?? [], `${prefix}${error.property}.`);
  });
  walk(errors, '');
  return out.sort();
}

describe('validation metadata cache', () => {
  const storage = getMetadataStorage();
  beforeAll(() => installValidationMetadataCache());

  it('answers exactly what class-validator computes, and the same thing again from memory', async () => {
    for (const cls of [Inner, Outer]) {
      const fresh = MetadataStorage.prototype.getTargetValidationMetadatas.call(storage, cls, '', false, false, undefined);
      expect(storage.getTargetValidationMetadatas(cls, '', false, false, undefined)).toEqual(fresh);
      expect(storage.getTargetValidationMetadatas(cls, '', false, false, undefined)).toBe(storage.getTargetValidationMetadatas(cls, '', false, false, undefined));
    }
    expect(await messages(Outer, { count: 'x', inner: { name: 3 }, extra: true })).toEqual([
      'count: count must be an integer number',
      'extra: property extra should not exist',
      'inner.name: name must be a string',
    ]);
  });

  it('forgets when a rule is registered later, so new and inherited rules apply', async () => {
    expect(await messages(Inner, { name: 'a' })).toEqual([]);
    IsInt()(Inner.prototype, 'size');
    expect(await messages(Inner, { name: 'a', size: 'big' })).toEqual(['size: size must be an integer number']);

    class Derived extends Inner {
      @IsString() label!: string;
    }
    expect(await messages(Derived, { name: 1, size: 2, label: 3 })).toEqual([
      'label: label must be a string',
      'name: name must be a string',
    ]);
  });

  it('installs once', () => {
    const lookup = storage.getTargetValidationMetadatas;
    installValidationMetadataCache();
    expect(storage.getTargetValidationMetadatas).toBe(lookup);
  });
});
