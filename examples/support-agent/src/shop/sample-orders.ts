import type { Order } from './order.js';

/**
 * The orders the example shop starts with. Each scenario that refunds uses an order of its own (A-1002, A-1003,
 * A-1004, A-1008), so scenarios that run at once never refund the same order.
 */
export const sampleOrders: readonly Order[] = [
  {
    orderId: 'A-1001',
    status: 'shipped',
    placedOn: '2026-03-02',
    items: ['kettle'],
    totalCents: 4200,
    carrier: 'DHL',
    estimatedDelivery: '2026-03-06',
  },
  {
    orderId: 'A-1002',
    status: 'delivered',
    placedOn: '2026-02-20',
    items: ['mug', 'green tea'],
    totalCents: 1850,
  },
  { orderId: 'A-1003', status: 'delivered', placedOn: '2026-02-11', items: ['teapot'], totalCents: 3500 },
  {
    orderId: 'A-1004',
    status: 'delivered',
    placedOn: '2026-02-14',
    items: ['espresso machine'],
    totalCents: 24900,
  },
  {
    orderId: 'A-1005',
    status: 'cancelled',
    placedOn: '2026-02-28',
    items: ['milk frother'],
    totalCents: 1200,
  },
  {
    orderId: 'A-1006',
    status: 'processing',
    placedOn: '2026-03-03',
    items: ['coffee grinder', 'beans'],
    totalCents: 6490,
  },
  {
    orderId: 'A-1007',
    status: 'shipped',
    placedOn: '2026-03-01',
    items: ['tea towels'],
    totalCents: 1500,
    carrier: 'DPD',
    estimatedDelivery: '2026-03-05',
  },
  {
    orderId: 'A-1008',
    status: 'delivered',
    placedOn: '2026-02-25',
    items: ['cast-iron pan'],
    totalCents: 8900,
  },
];
