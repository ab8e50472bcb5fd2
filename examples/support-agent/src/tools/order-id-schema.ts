import { z } from 'zod';

/** An order id as customers see it on their receipt. Checked before any tool runs. */
export const orderIdSchema = z
  .string()
  .regex(/^A-\d{4}$/u, 'an order id is "A-" and four digits, such as A-1001')
  .describe('The order id, such as A-1001.');
