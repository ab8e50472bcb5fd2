/** One part of a scripted Gemini answer, before it is framed as a response or stream chunks. */
export type GeminiAnswerPart =
  /** A thought summary (`thought: true`), sent when the request asks for thoughts. */
  | { type: 'thought'; text: string }
  /** Text; on Gemini 3 the answer's last text carries a signature. */
  | { type: 'text'; text: string; thoughtSignature?: string }
  /** A function call; the first of a thinking model's step carries the signature the fake wants back. */
  | {
      type: 'function-call';
      name: string;
      args: Record<string, unknown>;
      id?: string;
      thoughtSignature?: string;
    };

/** Everything the fake sends for one scripted generateContent answer. */
export interface GeminiAnswer {
  /** `fake_<script id>_<n>`. */
  responseId: string;
  /** The model the path named. */
  modelVersion: string;
  parts: GeminiAnswerPart[];
  /** `STOP`, `MAX_TOKENS`, `SAFETY`, or the step's own Gemini finish reason. */
  finishReason: string;
  /** `promptTokens` is the whole prompt, `cachedTokens` (0 when the step gives none) what the cache read of it. */
  usage: { promptTokens: number; cachedTokens: number; candidatesTokens: number; thoughtsTokens: number };
}
