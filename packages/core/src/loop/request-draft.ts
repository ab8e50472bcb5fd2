import type { Message } from '../model/messages.js';
import type { Model, ToolChoice } from '../model/model.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/** The next request as the features shape it, before it is built for the model. */
export interface RequestDraft {
  system: string | undefined;
  /** The end of `system` that changes every round (the progressive prompt's line), when `system` ends with it. */
  volatileSystemSuffix: string | undefined;
  /** The tool definitions offered (the control tools always among them). */
  tools: ToolDefinition[];
  /** The names of the tools the model may run in this step, for unknown-tool answers. */
  toolNames: string[];
  toolChoice: ToolChoice | undefined;
  model: Model;
  /** The messages sent: the transcript, or what the context limit makes of it. */
  messages: Message[];
  /** Whether this is the last answer after a cap or a stop condition: the model may call no tool. */
  isFinal: boolean;
}
