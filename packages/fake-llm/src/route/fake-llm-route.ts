import type { AnthropicAnswer } from '../anthropic/anthropic-answer.js';
import type { ChatCompletionsAnswer } from '../openai/chat-completions-answer.js';
import type { FakeLlmViolation } from '../records/fake-llm-violation.js';
import type { RecordedRequest } from '../records/recorded-request.js';
import type { StreamRecord } from '../records/stream-record.js';
import type { FakeLlmScript } from '../script/fake-llm-script.js';

/** One script registered on a fake LLM, and what happened to the requests routed to it. */
export interface FakeLlmRoute {
  /** What callers route by (`default` for the script given to `createFakeLlm`). */
  readonly id: string;
  /** The script's name (its id when it has none); named in errors and violations. */
  readonly name: string;
  readonly script: FakeLlmScript;
  /** Requests routed here, in arrival order; `requests[i]` was answered by step `i`. */
  readonly requests: readonly RecordedRequest[];
  readonly violations: readonly FakeLlmViolation[];
  /** One record per streaming response. */
  readonly streams: readonly StreamRecord[];
  /** Steps not used yet. */
  readonly remainingSteps: number;
}

/** Where every route also files its records, so the fake can list them across routes in arrival order. */
export interface FakeLlmRecords {
  requests: RecordedRequest[];
  violations: FakeLlmViolation[];
  streams: StreamRecord[];
}

/** A route as the fake keeps it: the public view, the ways to add records, and what the checks need. */
export interface FakeLlmRouteState extends FakeLlmRoute {
  /** Messages API answers sent, for the thinking echo check. */
  readonly answers: AnthropicAnswer[];
  /** Chat completions answers sent, for the reasoning echo check. */
  readonly chatCompletionsAnswers: ChatCompletionsAnswer[];
  addRequest(request: RecordedRequest): void;
  addViolation(violation: Omit<FakeLlmViolation, 'scenarioId'>): void;
  addStream(stream: StreamRecord): void;
}

/** Creates the state of one registered script; its records also go to `shared`. */
export function createFakeLlmRoute(options: {
  id: string;
  script: FakeLlmScript;
  shared: FakeLlmRecords;
}): FakeLlmRouteState {
  const { id, script, shared } = options;
  const requests: RecordedRequest[] = [];
  const violations: FakeLlmViolation[] = [];
  const streams: StreamRecord[] = [];
  return {
    id,
    name: script.name ?? id,
    script,
    requests,
    violations,
    streams,
    answers: [],
    chatCompletionsAnswers: [],
    get remainingSteps() {
      return Math.max(0, script.steps.length - requests.length);
    },
    addRequest(request) {
      requests.push(request);
      shared.requests.push(request);
    },
    addViolation(violation) {
      const withScenario: FakeLlmViolation = {
        type: violation.type,
        scenarioId: id,
        requestIndex: violation.requestIndex,
        message: violation.message,
      };
      violations.push(withScenario);
      shared.violations.push(withScenario);
    },
    addStream(stream) {
      streams.push(stream);
      shared.streams.push(stream);
    },
  };
}
