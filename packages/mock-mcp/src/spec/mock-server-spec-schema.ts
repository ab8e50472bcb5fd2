import { z } from 'zod';
import { mockToolSchema, type MockTool } from './mock-tool-schema.js';

/** Where a mock server runs: in-process, as a child process over stdio, or on a loopback HTTP port. */
export const mockTransports = ['memory', 'stdio', 'http'] as const;

/**
 * A mock MCP server: its `tools` and the `transport` it is served over (default `memory`). This is exactly the
 * `servers.<name>` field of a scenario when it has `tools`; embed this schema to validate one in place.
 */
export const mockServerSpecSchema = z
  .strictObject({ transport: z.enum(mockTransports).default('memory'), tools: z.array(mockToolSchema) })
  // A transform, not a refinement, so that it runs only on a spec whose parts are valid.
  .transform((spec, context) => {
    checkToolNames(spec.tools, context);
    // Wherever this schema parsed it (alone, or embedded in a scenario), the output needs no second check.
    validatedSpecs.add(spec);
    return spec;
  });

const validatedSpecs = new WeakSet<object>();

/** Whether a value is the output of `mockServerSpecSchema` (and so needs no validation again). */
export function isValidatedMockServerSpec(spec: object): boolean {
  return validatedSpecs.has(spec);
}

/** A mock server spec as written, before validation (what `createMockMcpServer` accepts). */
export type MockServerSpecInput = z.input<typeof mockServerSpecSchema>;

/** A validated mock server spec. */
export type MockServerSpec = z.output<typeof mockServerSpecSchema>;

/** Tool names are unique, and every tool a sample offers by name is one of this server's tools. */
function checkToolNames(tools: MockTool[], context: z.RefinementCtx): void {
  const names = tools.map((tool) => tool.name);
  names.forEach((name, index) => {
    const first = names.indexOf(name);
    if (first !== index) {
      context.addIssue({
        code: 'custom',
        path: ['tools', index, 'name'],
        message: `Tool name '${name}' is already used by tools[${first}]; tool names must be unique.`,
        input: name,
      });
    }
  });
  tools.forEach((tool, toolIndex) => {
    tool.responses.forEach((response, responseIndex) => {
      (response.sample?.tools ?? []).forEach((offered, offeredIndex) => {
        if (typeof offered !== 'string' || names.includes(offered)) return;
        context.addIssue({
          code: 'custom',
          path: ['tools', toolIndex, 'responses', responseIndex, 'sample', 'tools', offeredIndex],
          message: `Sample offers tool '${offered}', which is not a tool of this server. Tools: ${names.join(', ')}.`,
          input: offered,
        });
      });
    });
  });
}
