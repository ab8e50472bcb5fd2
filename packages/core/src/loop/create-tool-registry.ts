import { ToolSourceError } from '../errors/tool-source-error.js';
import { describeThrown } from '../internal/describe-thrown.js';
import { raceWithSignal } from '../internal/race-with-signal.js';
import { createToolSource } from '../tools/create-tool-source.js';
import type { Tool } from '../tools/define-tool.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { isToolSource, type ToolSource } from '../tools/tool-source.js';
import type { WarningEvent } from './loop-event.js';

/** The tools of one turn: what the model is offered, and which source answers each name. */
export interface ToolRegistry {
  /** Every tool offered to the model, in the order the sources listed them, control tools last. */
  readonly definitions: ToolDefinition[];
  /** The names of the tools that run (control tools excluded), for error messages. */
  readonly toolNames: string[];
  findSource(name: string): ToolSource | undefined;
  /** Sources left out because they could not list their tools (with `toolSourceError: 'skip'`). */
  readonly warnings: WarningEvent[];
  /** A local tool by name (for its `needsApproval`), when the name is one. */
  findLocalTool(name: string): Tool<unknown> | undefined;
}

/** A source, and how its failures name it: by its own `name`, or by its place in the `tools` option. */
interface NamedSource {
  source: ToolSource;
  label: string;
}

/**
 * Lists the tools of every source once, at the start of a turn. A source that cannot list its tools (it
 * rejects, or resolves with something that is not a list of tool definitions) is a `ToolSourceError` naming
 * it — or, with `onFailure: 'skip'`, is left out with a warning. Two tools with the same name are always an
 * error: the model could not tell them apart, and neither can the loop.
 */
export async function createToolRegistry({
  tools,
  controlTools,
  signal,
  onFailure,
}: {
  tools: ReadonlyArray<Tool<unknown> | ToolSource>;
  controlTools: ToolDefinition[];
  signal: AbortSignal;
  onFailure: 'stop' | 'skip';
}): Promise<ToolRegistry> {
  const sources: NamedSource[] = [];
  const localTools: Array<Tool<unknown>> = [];
  tools.forEach((tool, index) => {
    if (!isToolSource(tool)) localTools.push(tool);
    else sources.push({ source: tool, label: labelOf(tool, index) });
  });
  if (localTools.length > 0) sources.unshift({ source: createToolSource(localTools), label: 'local tools' });

  const warnings: WarningEvent[] = [];
  const listed = await Promise.all(
    sources.map(async ({ source, label }) => {
      try {
        const definitions = await listToolsOf(source, signal);
        warnings.push(...warningsOf(source));
        return definitions;
      } catch (error) {
        if (signal.aborted) throw error;
        const message = `Could not list the tools of tool source ${label}: ${describeThrown(error)}`;
        if (onFailure === 'stop') throw new ToolSourceError({ message, cause: error });
        warnings.push({
          type: 'warning',
          code: 'tool_source_skipped',
          message: `${message.replace(/\.$/, '')}. Its tools are left out of this turn.`,
        });
        return [];
      }
    }),
  );

  const sourceByName = new Map<string, ToolSource>();
  const definitions: ToolDefinition[] = [];
  listed.forEach((sourceTools, index) => {
    for (const definition of sourceTools) {
      assertUniqueName(definition.name, sourceByName.has(definition.name));
      sourceByName.set(definition.name, (sources[index] as NamedSource).source);
      definitions.push(definition);
    }
  });
  const toolNames = definitions.map((definition) => definition.name);
  for (const control of controlTools) {
    assertUniqueName(control.name, sourceByName.has(control.name));
    definitions.push(control);
  }

  const localByName = new Map(localTools.map((tool) => [tool.name, tool]));
  return {
    definitions,
    toolNames,
    findSource: (name) => sourceByName.get(name),
    warnings,
    findLocalTool: (name) => localByName.get(name),
  };
}

async function listToolsOf(source: ToolSource, signal: AbortSignal): Promise<ToolDefinition[]> {
  // Called inside an async function: a `listTools` that throws at once is a failure like a rejection.
  const listed: unknown = await raceWithSignal(Promise.resolve(source.listTools({ signal })), signal);
  if (!Array.isArray(listed) || !listed.every(isToolDefinition)) {
    throw new Error(
      'listTools() resolved with something other than a list of tool definitions (each needs a name and an inputSchema object).',
    );
  }
  return listed;
}

/** A source's warnings about its listing, as warning events; entries that are not `{ code, message }` are skipped. */
function warningsOf(source: ToolSource): WarningEvent[] {
  const warnings: unknown = source.warnings;
  if (!Array.isArray(warnings)) return [];
  return warnings.flatMap((warning: unknown) => {
    const { code, message } = (typeof warning === 'object' && warning !== null ? warning : {}) as Record<
      string,
      unknown
    >;
    return typeof code === 'string' && typeof message === 'string'
      ? [{ type: 'warning' as const, code, message }]
      : [];
  });
}

function isToolDefinition(value: unknown): value is ToolDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const { name, inputSchema } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof inputSchema === 'object' && inputSchema !== null;
}

function labelOf(source: ToolSource, index: number): string {
  const name: unknown = source.name;
  return typeof name === 'string' && name !== '' ? `'${name}'` : `#${index + 1}`;
}

function assertUniqueName(name: string, taken: boolean): void {
  if (taken) {
    throw new ToolSourceError({
      message: `Two tools are named '${name}'. Rename one, or connect MCP servers through connectMcpServers, which namespaces colliding names.`,
    });
  }
}
