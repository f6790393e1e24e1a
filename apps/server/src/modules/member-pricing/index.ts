/** Club members' prices at their producers: what the cart shows and checkout charges. */
export { atMemberPrices, membershipsAt, memberDiscountsOf } from './member-discounts';
