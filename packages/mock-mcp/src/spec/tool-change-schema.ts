import { z } from 'zod';
import { mockToolSchema, type MockTool, type MockToolInput } from './mock-tool-schema.js';

/** When a change of the tool list fires: after a number of answered calls, or as a turn starts. */
export const toolChangeTriggerSchema = z
  .strictObject({
    calls: z
      .int()
      .positive()
      .optional()
      .describe(
        'Fire once the server has answered this many tool calls since it started (calls of unknown tools and errors count).',
      ),
    tool: z.string().min(1).optional().describe('With calls: count only the calls of this tool.'),
    turn: z
      .int()
      .positive()
      .optional()
      .describe(
        'Fire as the host starts this turn (1-based), before its first request. Not for a stdio server, which is not told of turns.',
      ),
  })
  .superRefine((trigger, context) => {
    if ((trigger.calls === undefined) === (trigger.turn === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [],
        message: 'Give either calls (with an optional tool) or turn.',
        input: trigger,
      });
    } else if (trigger.tool !== undefined && trigger.calls === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['tool'],
        message: 'tool counts calls; it goes with calls, not with turn.',
        input: trigger.tool,
      });
    }
  })
  .describe('{ calls: N } (of any tool, or with tool: of that one) or { turn: N }.');

/** When a change of the tool list fires: `calls` (of any tool, or of `tool`) answered, or `turn` started. */
export interface MockToolChangeTrigger {
  calls?: number | undefined;
  tool?: string | undefined;
  turn?: number | undefined;
}

/** A validated change of the tool list: when it fires, the tools it removes, replaces and adds. */
export interface MockToolChange {
  after: MockToolChangeTrigger;
  remove?: string[] | undefined;
  replace?: MockTool[] | undefined;
  add?: MockTool[] | undefined;
}

/** A change of the tool list as written in a spec, before validation. */
export interface MockToolChangeInput {
  after: MockToolChangeTrigger;
  remove?: string[] | undefined;
  replace?: MockToolInput[] | undefined;
  add?: MockToolInput[] | undefined;
}

/**
 * One change of a mock server's tool list during a run: when it fires (`after`) and what it does (`remove`,
 * then `replace`, then `add`). The server then sends `notifications/tools/list_changed` to every session.
 * Typed by its interfaces, so that the schemas that embed it (a scenario's) stay small enough to declare.
 */
export const toolChangeSchema: z.ZodType<MockToolChange, MockToolChangeInput> = z.strictObject({
  after: toolChangeTriggerSchema,
  remove: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('Names of tools to take away; a call of one afterwards is refused as an unknown tool.'),
  replace: z
    .array(mockToolSchema)
    .min(1)
    .optional()
    .describe(
      'New definitions, with responses, of tools the server has, by name; their responses start afresh.',
    ),
  add: z.array(mockToolSchema).min(1).optional().describe('New tools, in the form of `tools`.'),
});
