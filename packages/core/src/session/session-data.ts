import type { Message } from '../model/messages.js';
import type { StoredLlmConfig } from './llm-config.js';

/**
 * One session: its config (never with the API key or a server value given literally), the transcript so far,
 * when it was last used, and the tool calls counted against `max_tool_calls.per_session`.
 */
export interface SessionData {
  id: string;
  llmConfig: StoredLlmConfig;
  /** The provider-neutral transcript, without the system prompt (that comes from `llmConfig`). */
  messages: Message[];
  lastActivity: Date;
  toolCallCount: number;
}
