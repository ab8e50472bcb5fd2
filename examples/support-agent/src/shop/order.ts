/** Where an order is: placed and being packed, on its way, at the customer's, or called off before it shipped. */
export type OrderStatus = 'processing' | 'shipped' | 'delivered' | 'cancelled';

/** An order as the shop keeps it. Amounts are in euro cents, so that sums of money stay exact. */
export interface Order {
  orderId: string;
  status: OrderStatus;
  /** The day it was placed, as YYYY-MM-DD. */
  placedOn: string;
  items: string[];
  totalCents: number;
  /** The parcel service, once it shipped. */
  carrier?: string;
  /** When it should arrive, once it shipped, as YYYY-MM-DD. */
  estimatedDelivery?: string;
}
