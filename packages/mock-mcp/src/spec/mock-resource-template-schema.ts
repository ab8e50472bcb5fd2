import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { z } from 'zod';
import { checkPlaceholders } from './check-placeholders.js';
import { resourceDefinitionFields } from './resource-definition-fields.js';
import { resourceResponseSchema } from './resource-response-schema.js';

/**
 * One mock resource template: a URI template (RFC 6570) that `resources/templates/list` shows, the values
 * `completion/complete` offers for its variables, and the `responses` tried in order for each read of a URI it
 * matches. `{{variable}}` in a response's strings is the variable's value in the URI read.
 */
export const mockResourceTemplateSchema = z
  .strictObject({
    uriTemplate: z.string().min(1).describe('The URI template, such as notes://{folder}/{name}.'),
    ...resourceDefinitionFields,
    complete: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe(
        'By variable name, the values completion/complete offers (those that start with what was typed).',
      ),
    responses: z
      .array(resourceResponseSchema)
      .describe('Tried in order for each read; match tests the URI variables, {{variable}} fills them in.'),
  })
  // A transform, not a refinement, so that it runs only when the fields are valid.
  .transform((template, context) => {
    let variables: string[];
    try {
      variables = new UriTemplate(template.uriTemplate).variableNames;
    } catch (error) {
      context.addIssue({
        code: 'custom',
        path: ['uriTemplate'],
        message: `Not a valid URI template: ${error instanceof Error ? error.message : String(error)}.`,
        input: template.uriTemplate,
      });
      return z.NEVER;
    }
    const knownAs = `variables of ${template.uriTemplate}`;
    for (const name of Object.keys(template.complete ?? {})) {
      if (variables.includes(name)) continue;
      context.addIssue({
        code: 'custom',
        path: ['complete', name],
        message: `'${name}' is none of the ${knownAs}; they are: ${variables.join(', ') || '(none)'}.`,
        input: name,
      });
    }
    template.responses.forEach((response, index) => {
      checkPlaceholders({ value: response, known: variables, knownAs, path: ['responses', index], context });
    });
    return template;
  });

/** One validated mock resource template. */
export type MockResourceTemplate = z.output<typeof mockResourceTemplateSchema>;
