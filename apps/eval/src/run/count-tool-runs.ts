import { isToolSource, type ToolCallRequest, type ToolExecuteOptions } from '@toolloop/core';
import type { AgentTool } from '../agent/define-agent.js';

/** One run of a tool for a call: what a watcher of the runs is told when it has settled. */
export interface ToolRun {
  toolCallId: string;
  name: string;
}

/**
 * How many times each call's tool really ran, by tool-call id, counted around the tools themselves: a call the
 * loop answers without running it (a journal's recorded result, a limit, an interruption) adds nothing, and a call
 * run again by the host that went on with a crashed turn counts twice.
 */
export interface ToolRuns {
  readonly counts: ReadonlyMap<string, number>;
  /** The same tool (or tool source), its runs counted here. */
  count<TOOL extends AgentTool>(tool: TOOL): TOOL;
  /**
   * Tells `watcher` of each run once it has settled, before its result goes back to the loop; a throw from the
   * watcher is what the loop gets instead (the host's end, for a crash). Returns the way to stop watching.
   */
  watch(watcher: (run: ToolRun) => void): () => void;
}

export function createToolRuns(): ToolRuns {
  const counts = new Map<string, number>();
  const watchers = new Set<(run: ToolRun) => void>();
  const counted = async <RESULT>(run: ToolRun, action: () => RESULT): Promise<Awaited<RESULT>> => {
    counts.set(run.toolCallId, (counts.get(run.toolCallId) ?? 0) + 1);
    try {
      return await action();
    } finally {
      for (const watcher of watchers) watcher(run);
    }
  };
  return {
    counts,
    count<TOOL extends AgentTool>(tool: TOOL): TOOL {
      // A proxy, so that a source's getters (`warnings`, read after each listing) stay live; its own methods run
      // on the source itself, whose private fields a proxy would not have.
      const replaced: Record<string, unknown> = isToolSource(tool)
        ? {
            callTool: (request: ToolCallRequest) => counted(request, () => tool.callTool(request)),
          }
        : {
            execute: (input: unknown, options: ToolExecuteOptions) =>
              counted({ toolCallId: options.toolCallId, name: tool.name }, () =>
                tool.execute(input, options),
              ),
          };
      return new Proxy(tool, {
        get(target, property) {
          if (typeof property === 'string' && Object.hasOwn(replaced, property)) return replaced[property];
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function'
            ? (value as (...args: unknown[]) => unknown).bind(target)
            : value;
        },
      });
    },
    watch(watcher) {
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
      };
    },
  };
}
