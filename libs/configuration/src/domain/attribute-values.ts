import { allowsMerchant } from './delivery-types';

export const ATTRIBUTE_TYPES = ['STRING', 'NUMBER', 'ENUM', 'BOOLEAN', 'MAP'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
export const ATTRIBUTE_ENTITY_TYPES = ['SHIPMENT', 'ADDRESS', 'PRODUCT'] as const;
export type AttributeEntityType = (typeof ATTRIBUTE_ENTITY_TYPES)[number];

export interface AttributeDefinition {
  attribute_name: string;
  attribute_type: AttributeType;
  allowed_values?: readonly string[];
  merchants?: readonly string[];
}

export interface AttributeProblem {
  code: 'custom_attribute_invalid' | 'custom_attribute_value_invalid';
  field: string;
  message: string;
}

const NUMBER = /^-?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?$/;
/** A MAP attribute's values are `key:value` entries (the attribute is a list of strings on the wire). */
const MAP_ENTRY = /^[^:]+:.*$/;

/** Whether one value fits the definition's type. */
export function attributeValueFits(definition: AttributeDefinition, value: string): boolean {
  switch (definition.attribute_type) {
    case 'STRING': return true;
    case 'NUMBER': return NUMBER.test(value.trim());
    case 'BOOLEAN': return value === 'true' || value === 'false';
    case 'ENUM': return (definition.allowed_values ?? []).includes(value);
    case 'MAP': return MAP_ENTRY.test(value);
    default: {
      const unknown: never = definition.attribute_type;
      return unknown;
    }
  }
}

/**
 * Custom attributes checked against the tenant's definitions for the entity. With no definitions at all
 * the attributes are free-form (nothing to check). A name without a definition the merchant may use is
 * custom_attribute_invalid; a value its type refuses is custom_attribute_value_invalid.
 */
export function checkCustomAttributes(
  attributes: Readonly<Record<string, readonly string[] | null>> | undefined,
  definitions: readonly AttributeDefinition[],
  merchant: string | undefined,
  path = 'custom_attributes',
): AttributeProblem[] {
  if (!attributes || definitions.length === 0) return [];
  const problems: AttributeProblem[] = [];
  for (const [name, values] of Object.entries(attributes)) {
    if (values === null) continue;
    const definition = definitions.find((candidate) => candidate.attribute_name === name && allowsMerchant(candidate.merchants, merchant));
    if (!definition) {
      problems.push({ code: 'custom_attribute_invalid', field: `${path}.${name}`, message: `custom attribute ${name} is not defined for merchant ${merchant ?? ''}` });
      continue;
    }
    const bad = values.filter((value) => !attributeValueFits(definition, value));
    if (bad.length > 0) {
      problems.push({
        code: 'custom_attribute_value_invalid', field: `${path}.${name}`,
        message: `custom attribute ${name} (${definition.attribute_type}) does not accept: ${bad.join(', ')}`,
      });
    }
  }
  return problems;
}
