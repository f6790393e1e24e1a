import type { ServiceContext } from '../../platform/context';
import type { OrderEmailContext } from '../orders/index';

/** What placing an order needs: the buyer, the database, the payment provider and the site for emails. */
export type CheckoutContext = Pick<ServiceContext, 'db' | 'payments' | 'log' | 'viewer'> &
  Pick<OrderEmailContext, 'config'>;
