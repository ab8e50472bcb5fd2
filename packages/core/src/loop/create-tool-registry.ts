import { ToolSourceError } from '../errors/tool-source-error.js';
import { raceWithSignal } from '../internal/race-with-signal.js';
import { createToolSource } from '../tools/create-tool-source.js';
import type { Tool } from '../tools/define-tool.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { isToolSource, type ToolSource } from '../tools/tool-source.js';

/** The tools of one turn: what the model is offered, and which source answers each name. */
export interface ToolRegistry {
  /** Every tool offered to the model, in the order the sources listed them, control tools last. */
  readonly definitions: ToolDefinition[];
  /** The names of the tools that run (control tools excluded), for error messages. */
  readonly toolNames: string[];
  findSource(name: string): ToolSource | undefined;
}

/**
 * Lists the tools of every source once, at the start of a turn. Two tools with the same name are an error:
 * the model could not tell them apart, and neither can the loop.
 */
export async function createToolRegistry({
  tools,
  controlTools,
  signal,
}: {
  tools: ReadonlyArray<Tool<unknown> | ToolSource>;
  controlTools: ToolDefinition[];
  signal: AbortSignal;
}): Promise<ToolRegistry> {
  const localTools = tools.filter((tool): tool is Tool<unknown> => !isToolSource(tool));
  const sources = tools.filter(isToolSource);
  if (localTools.length > 0) sources.unshift(createToolSource(localTools));

  const listed = await Promise.all(
    sources.map(async (source, index) => {
      try {
        return await raceWithSignal(source.listTools({ signal }), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new ToolSourceError({
          message: `Could not list the tools of tool source #${index + 1}: ${error instanceof Error ? error.message : String(error)}`,
          cause: error,
        });
      }
    }),
  );

  const sourceByName = new Map<string, ToolSource>();
  const definitions: ToolDefinition[] = [];
  listed.forEach((sourceTools, index) => {
    for (const definition of sourceTools) {
      assertUniqueName(definition.name, sourceByName.has(definition.name));
      sourceByName.set(definition.name, sources[index] as ToolSource);
      definitions.push(definition);
    }
  });
  const toolNames = definitions.map((definition) => definition.name);
  for (const control of controlTools) {
    assertUniqueName(control.name, sourceByName.has(control.name));
    definitions.push(control);
  }

  return { definitions, toolNames, findSource: (name) => sourceByName.get(name) };
}

function assertUniqueName(name: string, taken: boolean): void {
  if (taken) {
    throw new ToolSourceError({
      message: `Two tools are named '${name}'. Rename one, or connect MCP servers through connectMcpServers, which namespaces colliding names.`,
    });
  }
}
