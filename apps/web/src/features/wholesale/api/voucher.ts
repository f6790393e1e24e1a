import { graphql } from '../../../lib/graphql';

/** The producer whose trade invitation the viewer accepted, if any. */
export const TRADE_VOUCHER = graphql(`
  query TradeVoucher {
    tradeVoucher {
      name
      slug
    }
  }
`);
