import type { z } from 'zod';
import { checkOfferedTools, checkUpdatedResources } from './check-spec-references.js';
import type { MockResource } from './mock-resource-schema.js';
import type { MockResourceTemplate } from './mock-resource-template-schema.js';
import type { MockTool } from './mock-tool-schema.js';
import type { MockToolChange } from './tool-change-schema.js';

/**
 * The checks of a spec's `changes`, which happen in the order listed: each does something; a stdio server has
 * no turn trigger (nothing tells its process of turns); and, with the tools as the changes before it left
 * them, each counts the calls of a tool there is, removes or replaces a tool there is and adds one there is
 * not. Their tools' samples and resource updates are checked as those of `tools` are.
 */
export function checkToolChanges(
  spec: {
    transport: string;
    tools: MockTool[];
    changes?: MockToolChange[] | undefined;
    resources?: MockResource[] | undefined;
    resourceTemplates?: MockResourceTemplate[] | undefined;
  },
  context: z.RefinementCtx,
): void {
  const names = spec.tools.map((tool) => tool.name);
  (spec.changes ?? []).forEach((change, index) => {
    const path = ['changes', index];
    const issue = (field: readonly PropertyKey[], message: string, input: unknown) => {
      context.addIssue({ code: 'custom', path: [...path, ...field], message, input });
    };
    const listed = () => (names.length === 0 ? '(none)' : names.join(', '));
    if (change.remove === undefined && change.replace === undefined && change.add === undefined) {
      issue([], 'A change needs remove, replace or add.', change);
    }
    if (change.after.turn !== undefined && spec.transport === 'stdio') {
      issue(
        ['after', 'turn'],
        'A stdio server runs in a process of its own that is not told of turns; use after.calls, or transport memory or http.',
        change.after.turn,
      );
    }
    const counted = change.after.tool;
    if (counted !== undefined && !names.includes(counted)) {
      issue(
        ['after', 'tool'],
        `'${counted}' is no tool of this server at this change. Tools: ${listed()}.`,
        counted,
      );
    }
    (change.remove ?? []).forEach((name, nameIndex) => {
      const at = names.indexOf(name);
      if (at === -1) {
        issue(
          ['remove', nameIndex],
          `Cannot remove '${name}': no such tool at this change. Tools: ${listed()}.`,
          name,
        );
      } else names.splice(at, 1);
    });
    (change.replace ?? []).forEach((tool, toolIndex) => {
      if (!names.includes(tool.name)) {
        issue(
          ['replace', toolIndex, 'name'],
          `Cannot replace '${tool.name}': no such tool at this change (use add for a new one). Tools: ${listed()}.`,
          tool.name,
        );
      }
    });
    (change.add ?? []).forEach((tool, toolIndex) => {
      if (names.includes(tool.name)) {
        issue(
          ['add', toolIndex, 'name'],
          `Cannot add '${tool.name}': the server has a tool of that name at this change (use replace).`,
          tool.name,
        );
      } else names.push(tool.name);
    });
    for (const field of ['replace', 'add'] as const) {
      const tools = change[field] ?? [];
      checkOfferedTools({ tools, names: [...names], path: [...path, field], context });
      checkUpdatedResources({
        tools,
        resources: spec.resources ?? [],
        resourceTemplates: spec.resourceTemplates ?? [],
        path: [...path, field],
        context,
      });
    }
  });
}
