import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { ApplicationCard } from './application-card';
import { ConfirmModal, QueryStatus } from './admin-ui';
import { errorMessage, formatDate } from './admin-utils';
import { RejectModal } from './reject-modal';
import type { WholesaleApplication, WholesaleStatus } from './types';
import { useDialog } from './use-dialog';
import { REVIEW_APPLICATION, WHOLESALE_APPLICATIONS } from './api/wholesale';

type Filter = WholesaleStatus | 'all';

const FILTERS: { value: Filter; label: string; empty: string }[] = [
  { value: 'pending', label: 'Pending', empty: 'No applications waiting for review.' },
  { value: 'approved', label: 'Approved', empty: 'No approved applications.' },
  { value: 'rejected', label: 'Rejected', empty: 'No rejected applications.' },
  { value: 'all', label: 'All', empty: 'No wholesale applications yet.' },
];

export function WholesaleSection() {
  const [filter, setFilter] = useState<Filter>('pending');
  const [result, reexecute] = useQuery({
    query: WHOLESALE_APPLICATIONS,
    variables: { status: filter === 'all' ? null : filter },
    requestPolicy: 'cache-and-network',
  });
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  const [review, reviewApplication] = useMutation(REVIEW_APPLICATION);
  const approveDialog = useDialog<WholesaleApplication>();
  const rejectDialog = useDialog<WholesaleApplication>();
  const [reviewError, setReviewError] = useState<string | null>(null);

  const submitReview = async (approve: boolean, reason: string | null) => {
    const dialog = approve ? approveDialog : rejectDialog;
    if (!dialog.target || review.fetching) return;
    setReviewError(null);
    const response = await reviewApplication({ id: dialog.target.id, approve, reason });
    if (response.error) {
      setReviewError(errorMessage(response.error));
      return;
    }
    // The review buttons go away with the pending state: continue from the heading.
    dialog.closeAndFocus(() => heading.current);
    refetch();
  };

  const heading = useRef<HTMLHeadingElement>(null);
  const applications = result.data?.wholesaleApplications;
  const approving = approveDialog.target;
  return (
    <Stack gap="md" component="section" aria-labelledby="admin-wholesale-title">
      <Title order={2} id="admin-wholesale-title" ref={heading} tabIndex={-1}>
        Wholesale applications
      </Title>
      <Text>
        Check each license before approving: approved applicants see wholesale prices until their
        license expires.
      </Text>
      <SegmentedControl
        aria-label="Show applications"
        data={FILTERS.map(({ value, label }) => ({ value, label }))}
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        style={{ alignSelf: 'flex-start' }}
      />
      <QueryStatus
        error={result.error}
        loading={!applications && result.fetching}
        onRetry={refetch}
      />
      {applications && applications.length === 0 ? (
        <Text role="status">{FILTERS.find((option) => option.value === filter)?.empty}</Text>
      ) : null}
      {applications && applications.length > 0 ? (
        <Stack gap="md">
          {applications.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              onApprove={() => {
                setReviewError(null);
                approveDialog.open(application);
              }}
              onReject={() => {
                setReviewError(null);
                rejectDialog.open(application);
              }}
            />
          ))}
        </Stack>
      ) : null}
      <ConfirmModal
        opened={approveDialog.opened}
        title="Approve application"
        confirmLabel="Approve"
        returnFocus={approveDialog.returnFocus}
        loading={review.fetching}
        error={reviewError}
        onConfirm={() => void submitReview(true, null)}
        onClose={approveDialog.close}
      >
        {approving
          ? `Approve ${approving.businessName}? ${approving.applicant.name} will see wholesale ` +
            `prices until ${formatDate(approving.licenseExpiresOn)}.`
          : null}
      </ConfirmModal>
      <RejectModal
        key={rejectDialog.key}
        opened={rejectDialog.opened}
        returnFocus={rejectDialog.returnFocus}
        application={rejectDialog.target}
        loading={review.fetching}
        serverError={reviewError}
        onReject={(reason) => void submitReview(false, reason)}
        onClose={rejectDialog.close}
      />
    </Stack>
  );
}
