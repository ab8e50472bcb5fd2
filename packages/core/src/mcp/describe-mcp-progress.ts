import type { Progress } from '@modelcontextprotocol/client';
import type { ToolProgress } from '../tools/tool-source.js';

/**
 * A progress notification as the turn shows it. The SDK reports each round of a 2026-07-28 call's questions as
 * progress too ("Fulfilling input required by 'tools/call' (round 2)"): said here in the host's words.
 */
export function describeMcpProgress({
  progress,
  serverName,
}: {
  progress: Progress;
  serverName: string;
}): ToolProgress {
  const round = /^Fulfilling input required by '[^']*' \(round (\d+)\)$/.exec(progress.message ?? '')?.[1];
  if (round !== undefined) {
    return {
      message: `MCP server '${serverName}' asks for input (round ${round}).`,
      progress: Number(round),
      kind: 'input',
    };
  }
  const total = progress.total === undefined ? '' : ` of ${progress.total}`;
  return {
    message: progress.message ?? `${progress.progress}${total}`,
    progress: progress.progress,
    ...(progress.total === undefined ? {} : { total: progress.total }),
  };
}
