import type { MessagesRule } from './messages-rule.js';
import { messagesConversationRules } from './messages-conversation-rules.js';
import { messagesLimitRules } from './messages-limit-rules.js';
import { messagesReportRules } from './messages-report-rules.js';
import { messagesRequestRules } from './messages-request-rules.js';

/**
 * The Messages API's rules, in the order the fake applies them: those that read the body as it arrived, those
 * that read the whole conversation once a thread is resolved, then those that report what they find in an
 * answered request. The first rule that does not let a request through answers it. Each row names its source.
 */
export const messagesRules: readonly MessagesRule[] = [
  ...messagesRequestRules,
  ...messagesLimitRules,
  ...messagesConversationRules,
  ...messagesReportRules,
];
