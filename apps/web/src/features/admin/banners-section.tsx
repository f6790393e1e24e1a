import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { AdminModal, ConfirmModal, ErrorAlert, QueryStatus } from './admin-ui';
import { errorMessage } from './admin-utils';
import { BannerCard, moveButtonId } from './banner-card';
import { BannerForm } from './banner-form';
import type { AdminBanner } from './types';
import { useDialog } from './use-dialog';
import { ADMIN_BANNERS, DELETE_BANNER, REORDER_BANNERS } from './api/banners';

export function BannersSection() {
  const [result, reexecute] = useQuery({
    query: ADMIN_BANNERS,
    requestPolicy: 'cache-and-network',
  });
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  const [reordering, reorderBanners] = useMutation(REORDER_BANNERS);
  const [deleting, deleteBanner] = useMutation(DELETE_BANNER);
  const [actionError, setActionError] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const formDialog = useDialog<AdminBanner | null>();
  const deleteDialog = useDialog<{ banner: AdminBanner; number: number }>();

  const banners = result.data?.adminBanners;
  const heading = useRef<HTMLHeadingElement>(null);

  // Moving a banner re-orders the list; keep focus on the moved banner's move button.
  const pendingFocus = useRef<{ id: number; index: number; direction: -1 | 1 } | null>(null);
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || banners?.[pending.index]?.id !== pending.id) return;
    pendingFocus.current = null;
    const button = (direction: -1 | 1) =>
      document.getElementById(moveButtonId(pending.id, direction)) as HTMLButtonElement | null;
    const preferred = button(pending.direction);
    (preferred && !preferred.disabled ? preferred : button(-pending.direction as -1 | 1))?.focus();
  }, [banners]);

  const move = async (index: number, direction: -1 | 1) => {
    if (!banners || reordering.fetching) return;
    const ids = banners.map((banner) => banner.id);
    const other = index + direction;
    const [a, b] = [ids[index], ids[other]];
    if (a === undefined || b === undefined) return;
    [ids[index], ids[other]] = [b, a];
    setActionError(null);
    pendingFocus.current = { id: a, index: other, direction };
    const response = await reorderBanners({ ids });
    if (response.error) {
      pendingFocus.current = null;
      setActionError(errorMessage(response.error));
    }
    refetch();
  };

  const remove = async () => {
    const target = deleteDialog.target;
    if (!target || deleting.fetching) return;
    setDeleteError(null);
    const response = await deleteBanner({ id: target.banner.id });
    if (response.error) {
      setDeleteError(errorMessage(response.error));
      return;
    }
    deleteDialog.closeAndFocus(() => heading.current);
    refetch();
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="admin-banners-title">
      <Group justify="space-between">
        <Title order={2} id="admin-banners-title" ref={heading} tabIndex={-1}>
          Banners
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => formDialog.open(null)}
        >
          New banner
        </Button>
      </Group>
      <Text>
        Active banners show above every page, first to last; visitors see the next one when they
        dismiss one.
      </Text>
      {actionError ? (
        <ErrorAlert message={actionError} onClose={() => setActionError(null)} />
      ) : null}
      <QueryStatus error={result.error} loading={!banners && result.fetching} onRetry={refetch} />
      {banners && banners.length === 0 ? <Text role="status">No banners yet.</Text> : null}
      {banners && banners.length > 0 ? (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {banners.map((banner, index) => (
            <BannerCard
              key={banner.id}
              banner={banner}
              number={index + 1}
              isFirst={index === 0}
              isLast={index === banners.length - 1}
              onEdit={() => formDialog.open(banner)}
              onDelete={() => {
                setDeleteError(null);
                deleteDialog.open({ banner, number: index + 1 });
              }}
              onMove={(direction) => void move(index, direction)}
            />
          ))}
        </Stack>
      ) : null}
      <AdminModal
        opened={formDialog.opened}
        onClose={formDialog.close}
        title={formDialog.target ? 'Edit banner' : 'New banner'}
        size="lg"
      >
        <BannerForm
          key={formDialog.key}
          banner={formDialog.target}
          onCancel={formDialog.close}
          onSaved={() => {
            formDialog.close();
            refetch();
          }}
        />
      </AdminModal>
      <ConfirmModal
        opened={deleteDialog.opened}
        title="Delete banner"
        confirmLabel="Delete banner"
        destructive
        returnFocus={deleteDialog.returnFocus}
        loading={deleting.fetching}
        error={deleteError}
        onConfirm={() => void remove()}
        onClose={deleteDialog.close}
      >
        Delete banner {deleteDialog.target?.number} (“{deleteDialog.target?.banner.lines[0]}”)? It
        disappears from the site for everyone.
      </ConfirmModal>
    </Stack>
  );
}
