import type { JsonValue } from '@toolloop/core';
import type { RecordedRequest, StreamRecord } from '@toolloop/fake-llm';
import type { RequestSummary } from '../report/run-report.js';

interface Block {
  type?: string;
  text?: string;
  content?: unknown;
}

interface ToolBody {
  name?: string;
  description?: string;
  input_schema?: JsonValue;
}

interface MessagesBody {
  tools?: Array<ToolBody & { function?: ToolBody & { parameters?: JsonValue } }>;
  tool_choice?: JsonValue;
  parallel_tool_calls?: boolean;
  system?: string | Block[];
  thinking?: JsonValue;
  reasoning_effort?: JsonValue;
  max_tokens?: unknown;
  max_completion_tokens?: unknown;
  messages?: Array<{ role?: string; content?: string | Block[] | null }>;
  /** Chat completions' structured output. */
  response_format?: { type?: string; json_schema?: { name?: unknown; schema?: JsonValue } };
  /** The Messages API's structured output. */
  output_config?: { format?: { type?: string; schema?: JsonValue } };
}

/**
 * What a request carried, in the provider-neutral words scenario expectations use — for the Messages API and
 * for chat completions (where the system prompt is the first message and tools are functions) — and how its
 * response stream went, when it was streamed.
 */
export function summarizeRequest(
  request: RecordedRequest,
  index: number,
  stream?: StreamRecord,
): RequestSummary {
  const body = (
    typeof request.body === 'object' && request.body !== null ? request.body : {}
  ) as MessagesBody;
  const chat = request.path.endsWith('/chat/completions');
  const messages = body.messages ?? [];
  const tools = body.tools ?? [];
  const summary: RequestSummary = {
    index,
    tools: tools.map((tool) => tool.function?.name ?? tool.name ?? '?'),
  };
  if (tools.length > 0) {
    summary.toolDefinitions = tools.map((tool) => {
      const definition = tool.function ?? tool;
      const inputSchema = tool.function?.parameters ?? tool.input_schema;
      return {
        name: definition.name ?? '?',
        ...(definition.description === undefined ? {} : { description: definition.description }),
        ...(inputSchema === undefined ? {} : { inputSchema }),
      };
    });
  }
  if (body.tool_choice !== undefined) {
    summary.toolChoice = chat ? toNeutralToolChoice(body.tool_choice) : body.tool_choice;
  }
  // One tool call at most, read in the Messages API's form (a request without a tool choice is `auto`).
  if (chat && body.parallel_tool_calls === false) {
    const choice = summary.toolChoice;
    const known =
      typeof choice === 'object' && choice !== null && !Array.isArray(choice) ? choice : { type: 'auto' };
    summary.toolChoice = { ...known, disable_parallel_tool_use: true };
  }
  const system = chat ? messages.find((message) => message.role === 'system')?.content : body.system;
  if (system !== undefined && system !== null) summary.system = textOf(system);
  const breakpoints = chat ? [] : findCacheBreakpoints(body);
  if (breakpoints.length > 0) summary.cacheBreakpoints = breakpoints;
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  if (typeof maxTokens === 'number') summary.maxTokens = maxTokens;
  const thinking = chat ? body.reasoning_effort : body.thinking;
  if (thinking !== undefined) summary.thinking = thinking;
  const outputFormat = toOutputFormat(body);
  if (outputFormat !== undefined) summary.outputFormat = outputFormat;
  const last = messages.at(-1);
  if (last !== undefined) summary.lastMessage = { role: last.role ?? '?', text: textOf(last.content ?? '') };
  const first = messages.find((message) => message.role !== 'system');
  if (first !== undefined)
    summary.firstMessage = { role: first.role ?? '?', text: textOf(first.content ?? '') };
  const toolResults = chat
    ? messages.flatMap((message) => (message.role === 'tool' ? [textOf(message.content ?? '')] : []))
    : messages.flatMap((message) =>
        Array.isArray(message.content)
          ? message.content.flatMap((block) => (block.type === 'tool_result' ? [textOf(block.content)] : []))
          : [],
      );
  if (toolResults.length > 0) summary.toolResults = toolResults;
  if (stream !== undefined) {
    summary.stream = {
      status: stream.status,
      clientAborted: stream.clientAborted,
      bytesSent: stream.bytesSent,
      bytesPlanned: stream.bytesPlanned,
    };
    if (stream.xmlToolBlocks !== undefined) {
      summary.stream.bytesSentAfterSecondToolBlock = stream.xmlToolBlocks.bytesSentAfterSecondBlock;
      summary.stream.bytesPlannedAfterSecondToolBlock = stream.xmlToolBlocks.bytesPlannedAfterSecondBlock;
    }
  }
  return summary;
}

/**
 * The structured output format a request asked for: chat completions' `response_format` of type `json_schema`
 * (its name and schema), or the Messages API's `output_config.format` (its schema; it has no name).
 */
function toOutputFormat(body: MessagesBody): RequestSummary['outputFormat'] {
  const chat = body.response_format;
  if (chat?.type === 'json_schema' && chat.json_schema !== undefined) {
    const { name, schema } = chat.json_schema;
    return {
      ...(typeof name === 'string' ? { name } : {}),
      ...(schema === undefined ? {} : { schema }),
    };
  }
  const format = body.output_config?.format;
  if (format?.type === 'json_schema') return format.schema === undefined ? {} : { schema: format.schema };
  return undefined;
}

/**
 * Where a Messages API request puts `cache_control`, in the API's own path form (`tools.2`, `system.0`,
 * `messages.3.content.1`, and `messages.3.content.0.content.0` inside a tool result), in request order.
 */
function findCacheBreakpoints(body: MessagesBody): string[] {
  const marked = (block: unknown) =>
    typeof block === 'object' &&
    block !== null &&
    (block as { cache_control?: unknown }).cache_control != null;
  const inBlocks = (blocks: unknown, path: string): string[] =>
    Array.isArray(blocks)
      ? blocks.flatMap((block: unknown, index) => [
          ...(marked(block) ? [`${path}.${index}`] : []),
          ...(typeof block === 'object' && block !== null
            ? inBlocks((block as { content?: unknown }).content, `${path}.${index}.content`)
            : []),
        ])
      : [];
  return [
    ...(body.tools ?? []).flatMap((tool, index) => (marked(tool) ? [`tools.${index}`] : [])),
    ...inBlocks(body.system, 'system'),
    ...(body.messages ?? []).flatMap((message, index) =>
      inBlocks(message.content, `messages.${index}.content`),
    ),
  ];
}

/** The text of a string or a list of blocks, tool results included. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Block[])
    .map((block) =>
      typeof block.text === 'string' ? block.text : block.type === 'tool_result' ? textOf(block.content) : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}

/**
 * Chat completions' `tool_choice` in the words expectations use (the Messages API's): `"none"` and `"auto"` as
 * `{ type }`, `"required"` as `{ type: "any" }`, a named function as `{ type: "tool", name }`.
 */
function toNeutralToolChoice(choice: JsonValue): JsonValue {
  if (choice === 'required') return { type: 'any' };
  if (typeof choice === 'string') return { type: choice };
  if (typeof choice === 'object' && choice !== null && !Array.isArray(choice)) {
    const name = (choice.function as { name?: unknown } | undefined)?.name;
    if (typeof name === 'string') return { type: 'tool', name };
  }
  return choice;
}
