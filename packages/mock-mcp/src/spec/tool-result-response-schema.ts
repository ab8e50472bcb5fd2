import { z } from 'zod';
import { createCheckOneAction, responseFields } from './response-fields.js';

/**
 * A scripted response inside a sample's `toolResults`: every response kind except `sample` and `elicit`, so
 * that a sampling tool loop cannot nest another exchange with the client.
 */
export const toolResultResponseSchema = z
  .strictObject(responseFields)
  .transform(
    createCheckOneAction(['text', 'content', 'structuredContent', 'error', 'throw', 'crash', 'hang']),
  );
