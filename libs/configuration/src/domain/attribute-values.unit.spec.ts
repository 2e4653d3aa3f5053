import { checkCustomAttributes, type AttributeDefinition } from './attribute-values';

const definitions: AttributeDefinition[] = [
  { attribute_name: 'size', attribute_type: 'ENUM', allowed_values: ['S', 'M'] },
  { attribute_name: 'weight', attribute_type: 'NUMBER' },
  { attribute_name: 'fragile', attribute_type: 'BOOLEAN' },
  { attribute_name: 'dims', attribute_type: 'MAP' },
  { attribute_name: 'note', attribute_type: 'STRING', merchants: ['A'] },
];

describe('checkCustomAttributes', () => {
  it('with no definitions, anything goes', () => {
    expect(checkCustomAttributes({ whatever: ['x'] }, [], 'A')).toEqual([]);
  });

  it('values that fit their type pass', () => {
    expect(checkCustomAttributes({ size: ['S'], weight: ['1.5', '-2'], fragile: ['true'], dims: ['w:10'], note: ['hi'] }, definitions, 'A')).toEqual([]);
  });

  it('an unknown name, or one restricted to other merchants → custom_attribute_invalid', () => {
    expect(checkCustomAttributes({ colour: ['red'], note: ['hi'] }, definitions, 'B').map((p) => [p.code, p.field])).toEqual([
      ['custom_attribute_invalid', 'custom_attributes.colour'],
      ['custom_attribute_invalid', 'custom_attributes.note'],
    ]);
  });

  it.each([['size', 'L'], ['weight', 'heavy'], ['fragile', 'yes'], ['dims', 'flat']])('%s = %s → custom_attribute_value_invalid', (name, value) => {
    expect(checkCustomAttributes({ [name]: [value] }, definitions, 'A')).toEqual([
      expect.objectContaining({ code: 'custom_attribute_value_invalid', field: `custom_attributes.${name}` }),
    ]);
  });
});
