import { z } from 'zod';

/**
 * The number that stands for one field of an option's object form (`maxToolCalls: 3` is `{ perMessage: 3 }`),
 * refused under that field's name as the object form would be: `maxToolCalls.perMessage`.
 */
export function shorthandSchema({
  field,
  schema,
}: {
  field: string;
  schema: z.ZodType<number, number>;
}): z.ZodType<number, number> {
  return z
    .custom<number>((value) => typeof value === 'number')
    .superRefine((value, context) => {
      for (const issue of schema.safeParse(value).error?.issues ?? []) {
        context.addIssue({ code: 'custom', path: [field], message: issue.message, input: value });
      }
    })
    .meta(z.globalRegistry.get(schema) ?? {});
}
