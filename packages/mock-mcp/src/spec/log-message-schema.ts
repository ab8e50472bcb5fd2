import { z } from 'zod';
import { delayMsSchema } from './delay-ms-schema.js';

/** The MCP log levels, from the least to the most severe (RFC 5424's syslog severities). */
export const logLevels = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;

/** One MCP log level. */
export type LogLevel = (typeof logLevels)[number];

/** The schema of a log level, shared by `log[].level` and `logging.level`. */
export const logLevelSchema = z
  .enum(logLevels)
  .describe('debug, info, notice, warning, error, critical, alert or emergency.');

/** One log message (`notifications/message`) a response sends before it answers. */
export const logMessageSchema = z.strictObject({
  level: logLevelSchema,
  data: z
    .unknown()
    .refine((data) => data !== undefined, 'A log message needs data: a string or any JSON value.')
    .describe('What is logged: a string or any JSON value.'),
  logger: z.string().optional().describe('The name of the logger that sends it.'),
  delayMs: delayMsSchema.optional().describe('Milliseconds to wait before sending it.'),
});

/** One scripted log message. */
export type LogMessage = z.infer<typeof logMessageSchema>;
