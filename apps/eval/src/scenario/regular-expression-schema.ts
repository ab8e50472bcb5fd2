import { z } from 'zod';

/**
 * A regular expression as a scenario writes it: JavaScript syntax in Unicode mode (the `u` flag), compiled when
 * the file is validated so that a mistake is reported at its field, not when the scenario runs.
 */
export const regularExpressionSchema = z.string().superRefine((pattern, context) => {
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /u, '') : '';
    context.addIssue({
      code: 'custom',
      message: `Not a valid regular expression (Unicode mode): ${reason}.`,
      input: pattern,
    });
  }
});
