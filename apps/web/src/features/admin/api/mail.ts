import { graphql } from '../../../lib/graphql';

export const MAIL_OUTBOX = graphql(`
  query MailOutbox($offset: Int, $limit: Int) {
    mailOutbox(offset: $offset, limit: $limit) {
      total
      messages {
        id
        to
        subject
        text
        transport
        createdAt
      }
    }
  }
`);
