import type {
  CallToolResult,
  CreateMessageRequest,
  CreateMessageResult,
  CreateMessageResultWithTools,
  SamplingMessage,
  Tool,
  ToolUseContent,
} from '@modelcontextprotocol/sdk/types.js';
import type { MockResponse } from '../spec/mock-response-schema.js';
import type { SampleSpec } from '../spec/sample-spec-schema.js';
import type { CallContext } from './call-context.js';
import { errorResult } from './error-result.js';
import { InputNeeded } from './input-request.js';
import { refuseMissingCapability } from './refuse-missing-capability.js';
import { runSampledTool } from './run-sampled-tool.js';
import { toListedTool } from './to-listed-tool.js';

type SamplingAnswer = CreateMessageResult | CreateMessageResultWithTools;
type AnswerBlock = Extract<SamplingAnswer['content'], unknown[]>[number] | CreateMessageResult['content'];

/**
 * The `sample` response: sends `sampling/createMessage` to the client and returns the model's final answer as
 * the tool result. While the answer stops for `toolUse`, it runs the requested tools, sends their results back
 * as tool_result blocks, and asks again — at most `maxRounds` tool rounds, then once more with
 * `toolChoice: none`. A client without the `sampling` capability (or `sampling.tools` when tools are sent)
 * gets an isError result that says so.
 */
export async function runSampling(options: {
  toolName: string;
  sample: SampleSpec;
  context: CallContext;
}): Promise<CallToolResult> {
  const { toolName, sample, context } = options;
  const capabilityProblem = checkCapabilities({ toolName, sample, context });
  if (capabilityProblem !== undefined) {
    const sendsTools = sample.tools !== undefined || sample.toolChoice !== undefined;
    return refuseMissingCapability({
      protocol: context.protocol,
      required: { sampling: sendsTools ? { tools: {} } : {} },
      message: capabilityProblem,
    });
  }
  const tools = resolveOfferedTools({ sample, context });
  if (typeof tools === 'string') return errorResult(tools);
  const toolResults = new Map(
    Object.entries(sample.toolResults ?? {}).map(([name, responses]: [string, MockResponse[]]) => [
      name,
      { responses, uses: responses.map(() => 0) },
    ]),
  );
  const messages: SamplingMessage[] = [...sample.messages];
  for (let round = 0; ; round += 1) {
    const isLastRound = round >= sample.maxRounds;
    const request = toRequest({ sample, messages, tools, isLastRound });
    const answer = await sendRequest({ request, context });
    if (typeof answer === 'string') return errorResult(answer);
    const blocks = toBlocks(answer.content);
    const toolUses = blocks.filter((block): block is ToolUseContent => block.type === 'tool_use');
    if (answer.stopReason !== 'toolUse' || toolUses.length === 0) return toFinalResult(blocks);
    if (isLastRound) {
      return errorResult(
        `Tool '${toolName}': the model still asked for tools after ${sample.maxRounds} tool rounds (maxRounds), ` +
          'although the last request had toolChoice none.',
      );
    }
    messages.push({ role: 'assistant', content: blocks });
    const results = [];
    for (const toolUse of toolUses) {
      results.push(await runSampledTool({ toolUse, toolResults, context }));
    }
    messages.push({ role: 'user', content: results });
  }
}

function checkCapabilities(options: {
  toolName: string;
  sample: SampleSpec;
  context: CallContext;
}): string | undefined {
  const sampling = options.context.clientCapabilities?.sampling;
  const prefix = `Tool '${options.toolName}' answers with a sampling request, but the client`;
  if (sampling === undefined) {
    return `${prefix} did not declare the sampling capability (capabilities: { sampling: {} }).`;
  }
  const sendsTools = options.sample.tools !== undefined || options.sample.toolChoice !== undefined;
  if (sendsTools && sampling.tools === undefined) {
    return `${prefix} did not declare sampling with tools (capabilities: { sampling: { tools: {} } }).`;
  }
  return undefined;
}

function resolveOfferedTools(options: {
  sample: SampleSpec;
  context: CallContext;
}): Tool[] | undefined | string {
  const offered = options.sample.tools;
  if (offered === undefined) return undefined;
  const tools: Tool[] = [];
  for (const tool of offered) {
    if (typeof tool !== 'string') {
      tools.push(toListedTool(tool));
      continue;
    }
    const own = options.context.state.tools.get(tool);
    if (own === undefined) return `The sample offers tool '${tool}', which this server no longer has.`;
    tools.push(toListedTool(own.tool));
  }
  return tools;
}

function toRequest(options: {
  sample: SampleSpec;
  messages: SamplingMessage[];
  tools: Tool[] | undefined;
  isLastRound: boolean;
}): CreateMessageRequest['params'] {
  const { sample, tools, isLastRound } = options;
  const toolChoice = isLastRound && tools !== undefined ? { mode: 'none' as const } : sample.toolChoice;
  return {
    messages: [...options.messages],
    maxTokens: sample.maxTokens,
    ...(sample.systemPrompt === undefined ? {} : { systemPrompt: sample.systemPrompt }),
    ...(sample.temperature === undefined ? {} : { temperature: sample.temperature }),
    ...(sample.stopSequences === undefined ? {} : { stopSequences: sample.stopSequences }),
    ...(tools === undefined ? {} : { tools }),
    ...(toolChoice === undefined ? {} : { toolChoice }),
  };
}

async function sendRequest(options: {
  request: CreateMessageRequest['params'];
  context: CallContext;
}): Promise<SamplingAnswer | string> {
  const { request, context } = options;
  const exchange: { request: CreateMessageRequest['params']; result?: SamplingAnswer } = { request };
  context.call.sampling.push(exchange);
  try {
    exchange.result = await context.createMessage(request);
    return exchange.result;
  } catch (error) {
    context.signal.throwIfAborted();
    if (error instanceof InputNeeded) throw error;
    return `The sampling request failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function toBlocks(content: SamplingAnswer['content']): AnswerBlock[] {
  return Array.isArray(content) ? content : [content];
}

function toFinalResult(blocks: readonly AnswerBlock[]): CallToolResult {
  const content: CallToolResult['content'] = [];
  for (const block of blocks) {
    if (block.type === 'text' || block.type === 'image' || block.type === 'audio') content.push(block);
  }
  return { content: content.length === 0 ? [{ type: 'text', text: '' }] : content };
}
