/** The events module's public entry: what the rest of the server may use of it. */
export { seatCounts, seatsLeft, seatTaken } from './seat-counts';
export { ticketTypesForCheckout } from './ticket-catalog';
export { queueTicketEmails, refundTicket } from './tickets.service';
export { eventTicketsJob } from './event-jobs';
export { eventRoutes } from './events.routes';
export { cartTicketTypes, type CartTicketView } from './event-listing.service';
export { createEvent } from './events.service';
export { presaleEventIds } from './presale';
