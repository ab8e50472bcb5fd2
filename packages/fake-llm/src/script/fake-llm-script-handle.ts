import type { AnthropicAnswer } from '../anthropic/anthropic-answer.js';
import type { ChatCompletionsAnswer } from '../openai/chat-completions-answer.js';
import type { FakeLlmViolation } from '../records/fake-llm-violation.js';
import type { RecordedRequest } from '../records/recorded-request.js';
import type { RequestRetention } from '../records/create-request-retention.js';
import type { StreamRecord } from '../records/stream-record.js';
import type { FakeLlmScript } from '../script/fake-llm-script.js';
import { createPromptCopies, type PromptCopies } from '../anthropic/prompt-copies.js';
import { createPromptCache, type PromptCache } from '../anthropic/prompt-cache.js';
import { createMessageThreadStore, type MessageThreadStore } from '../threads/message-thread-store.js';
import type { ThreadBytes } from '../threads/thread-bytes.js';
import type { ResponsesAnswer } from '../responses/responses-answer.js';
import type { GeminiAnswer } from '../gemini/gemini-answer.js';
import type { BedrockAnswer } from '../bedrock/bedrock-answer.js';
import { createResponseStore, type ResponseStore } from '../responses/response-store.js';
import { createActivityTracker, type ActivityTracker } from '../internal/create-activity-tracker.js';

/** One script registered on a fake LLM, and what happened to the requests routed to it. */
export interface FakeLlmScriptHandle {
  /** What callers route by (`default` for the script given to `createFakeLlm`). */
  readonly id: string;
  /** The script's name (its id when it has none); named in errors and violations. */
  readonly name: string;
  readonly script: FakeLlmScript;
  /**
   * Requests routed here and answered from the script, in arrival order; `requests[i]` was answered by step `i`.
   * Refused requests are not here: they take no step, and are `invalid-request` violations.
   */
  readonly requests: readonly RecordedRequest[];
  readonly violations: readonly FakeLlmViolation[];
  /** One record per streaming response. */
  readonly streams: readonly StreamRecord[];
  /** Steps not used yet. */
  readonly remainingSteps: number;
  /** What Messages API threads saved in request bytes on this script (a copy, current when read). */
  readonly threadBytes: ThreadBytes;
  /**
   * Resolves when none of this script's streams is open (at once if none is): unlike `fake.waitForIdle()`, a
   * stream of another script, still open, does not hold it.
   */
  waitForIdle(): Promise<void>;
}

/** Where every script also files its records, so the fake can list them across scripts in arrival order. */
export interface FakeLlmRecords {
  requests: RecordedRequest[];
  violations: FakeLlmViolation[];
  streams: StreamRecord[];
}

/** A script as the fake keeps it: the public view, the ways to add records, and what the checks need. */
export interface FakeLlmScriptState extends FakeLlmScriptHandle {
  /** Messages API answers sent, for the thinking echo check. */
  readonly answers: AnthropicAnswer[];
  /** Chat completions answers sent, for the reasoning echo check. */
  readonly chatCompletionsAnswers: ChatCompletionsAnswer[];
  /** Responses API answers sent, for the reasoning continuity check. */
  readonly responsesAnswers: ResponsesAnswer[];
  /** Gemini answers sent, for the thought signature check. */
  readonly geminiAnswers: GeminiAnswer[];
  /** Converse answers sent, for the reasoning continuity check. */
  readonly bedrockAnswers: BedrockAnswer[];
  /** The Responses API responses this script keeps (`store` on), by id, and their items. */
  readonly responses: ResponseStore;
  /** The Messages API threads of this script, by the reply each goes on from. */
  readonly threads: MessageThreadStore;
  /** The Messages API prompt cache of this script. */
  readonly promptCache: PromptCache;
  /** The fake's frozen copies of the prompt of this script's last Messages API request. */
  readonly promptCopies: PromptCopies;
  /** This script's streams in flight. */
  readonly activity: ActivityTracker;
  addRequest(request: RecordedRequest): void;
  addViolation(violation: Omit<FakeLlmViolation, 'scriptId'>): void;
  addStream(stream: StreamRecord): void;
  /**
   * Takes this script's records out of the fake's shared lists and its retention; what it records from now on
   * stays on this script alone.
   */
  detach(): void;
}

/**
 * Creates the state of one registered script; its records also go to `shared`, and `retention` bounds the bytes
 * of request bodies and headers kept across the fake's scripts.
 */
export function createFakeLlmScriptHandle(options: {
  id: string;
  script: FakeLlmScript;
  shared: FakeLlmRecords;
  retention: RequestRetention;
}): FakeLlmScriptState {
  const { id, script, shared, retention } = options;
  let attached = true;
  const requests: RecordedRequest[] = [];
  const violations: FakeLlmViolation[] = [];
  const streams: StreamRecord[] = [];
  const threads = createMessageThreadStore();
  const activity = createActivityTracker();
  return {
    id,
    name: script.name ?? id,
    script,
    requests,
    violations,
    streams,
    answers: [],
    chatCompletionsAnswers: [],
    responsesAnswers: [],
    geminiAnswers: [],
    bedrockAnswers: [],
    responses: createResponseStore(),
    threads,
    promptCache: createPromptCache(),
    promptCopies: createPromptCopies(),
    activity,
    waitForIdle: () => activity.waitForIdle(),
    get remainingSteps() {
      return Math.max(0, script.steps.length - requests.length);
    },
    get threadBytes() {
      return { ...threads.bytes };
    },
    addRequest(request) {
      requests.push(request);
      if (!attached) return;
      shared.requests.push(request);
      retention.add(request);
    },
    addViolation(violation) {
      const withScenario: FakeLlmViolation = {
        type: violation.type,
        scriptId: id,
        requestIndex: violation.requestIndex,
        message: violation.message,
      };
      violations.push(withScenario);
      if (attached) shared.violations.push(withScenario);
    },
    addStream(stream) {
      streams.push(stream);
      if (attached) shared.streams.push(stream);
    },
    detach() {
      if (!attached) return;
      attached = false;
      removeFrom(shared.requests, requests);
      removeFrom(shared.violations, violations);
      removeFrom(shared.streams, streams);
      for (const request of requests) retention.remove(request);
    },
  };
}

/** Removes `items` from `list` in place (the fake hands its lists out as they are), keeping the others' order. */
function removeFrom<T>(list: T[], items: readonly T[]): void {
  if (items.length === 0) return;
  const removed = new Set(items);
  let kept = 0;
  for (const item of list) {
    if (!removed.has(item)) {
      list[kept] = item;
      kept += 1;
    }
  }
  list.length = kept;
}
