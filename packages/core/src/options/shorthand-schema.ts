import { ValueSchema } from './option-schema.js';

/**
 * The number that stands for one field of an option's object form (`maxToolCalls: 3` is `{ perMessage: 3 }`),
 * refused under that field's name as the object form would be: `maxToolCalls.perMessage`.
 */
export function shorthandSchema({
  field,
  schema,
}: {
  field: string;
  schema: ValueSchema<number>;
}): ValueSchema<number> {
  return new ValueSchema<number>((value) => {
    if (typeof value !== 'number') return 'expected a number.';
    const refusal = schema.refuse(value);
    return typeof refusal === 'string' ? [{ path: [field], message: refusal }] : refusal;
  }, schema.meta.jsonSchema);
}
