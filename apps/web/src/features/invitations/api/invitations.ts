import { graphql } from '../../../lib/graphql';

export const INVITATION = graphql(`
  query InvitationDetails($token: String!) {
    invitation(token: $token) {
      kind
      businessName
      businessSlug
      subjectName
      clubSlug
      eventKey
      message
      email
      expiresAt
      accepted
    }
  }
`);

export const ACCEPT_INVITATION = graphql(`
  mutation AcceptInvitation($token: String!, $marketing: Boolean!) {
    acceptInvitation(token: $token, marketing: $marketing) {
      kind
      businessSlug
      clubSlug
      eventKey
      accepted
    }
  }
`);

export const INVITATIONS = graphql(`
  query Invitations($businessSlug: String!) {
    invitations(businessSlug: $businessSlug) {
      id
      kind
      email
      subjectName
      sentAt
      expiresAt
      openedAt
      acceptedAt
      state
    }
    clubsToManage(businessSlug: $businessSlug) {
      id
      name
      status
    }
    eventsToManage(businessSlug: $businessSlug) {
      id
      title
      when
      cancelled
      endsAt
    }
  }
`);

export const SEND_INVITATIONS = graphql(`
  mutation SendInvitations(
    $businessSlug: String!
    $kind: InvitationKind!
    $emails: [String!]!
    $clubId: Int
    $eventId: Int
    $message: String
  ) {
    sendInvitations(
      businessSlug: $businessSlug
      kind: $kind
      emails: $emails
      clubId: $clubId
      eventId: $eventId
      message: $message
    ) {
      invited
      skipped
    }
  }
`);

export const REVOKE_INVITATION = graphql(`
  mutation RevokeInvitation($businessSlug: String!, $id: Int!) {
    revokeInvitation(businessSlug: $businessSlug, id: $id)
  }
`);
