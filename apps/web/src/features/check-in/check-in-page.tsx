import { useParams } from 'react-router';
import { BusinessFrame } from '../../components/business-frame';
import { ErrorAlert } from '../../components/error-alert';
import { Door } from './door';

/** GraphQL's Int: event ids above it are no event. */
const MAX_INT = 2_147_483_647;

/**
 * Route /business/:slug/events/:id/check-in: the door of a producer's event, for its staff on a
 * phone. Scans QR codes with the camera, typed codes and guests found by name; answers each scan
 * large and in colour; keeps scans made without a network and sends them when it is back.
 */
export function CheckInPage() {
  const { id = '' } = useParams();
  const eventId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  return (
    <BusinessFrame title={() => 'Door check-in'}>
      {(business) =>
        eventId > 0 && eventId <= MAX_INT ? (
          <Door
            key={`${business.slug}/${eventId}`}
            businessSlug={business.slug}
            eventId={eventId}
          />
        ) : (
          <ErrorAlert
            title="No such event"
            message="This address names no event. Open the check-in from the event’s page."
          />
        )
      }
    </BusinessFrame>
  );
}
