import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { StatusBadge } from '../../components/status-badge';
import { BANNER_COLORS } from './banner-preview';
import type { AdminBanner } from './types';

export const moveButtonId = (bannerId: number, direction: -1 | 1) =>
  `banner-${bannerId}-move-${direction < 0 ? 'up' : 'down'}`;

/** One banner of the ordered list, with its edit, delete and move buttons. */
export function BannerCard({
  banner,
  number,
  isFirst,
  isLast,
  onEdit,
  onDelete,
  onMove,
}: {
  banner: AdminBanner;
  /** 1-based place in the list, used to name the banner. */
  number: number;
  isFirst: boolean;
  isLast: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMove: (direction: -1 | 1) => void;
}) {
  const name = `banner ${number}`;
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-label={`Banner ${number}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Group gap="xs">
            <Title order={3} size="h5">
              Banner {number}
            </Title>
            <StatusBadge color={BANNER_COLORS[banner.type] ?? 'gray'}>{banner.type}</StatusBadge>
            <StatusBadge color={banner.active ? 'green' : 'gray'}>
              {banner.active ? 'Active' : 'Inactive'}
            </StatusBadge>
            <StatusBadge color="gray">
              {banner.dismissible ? 'Dismissible' : 'Not dismissible'}
            </StatusBadge>
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowUp size={14} aria-hidden />}
              id={moveButtonId(banner.id, -1)}
              disabled={isFirst}
              aria-label={`Move up ${name}`}
              onClick={() => onMove(-1)}
            >
              Move up
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowDown size={14} aria-hidden />}
              id={moveButtonId(banner.id, 1)}
              disabled={isLast}
              aria-label={`Move down ${name}`}
              onClick={() => onMove(1)}
            >
              Move down
            </Button>
            <Button size="xs" variant="default" aria-label={`Edit ${name}`} onClick={onEdit}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              aria-label={`Delete ${name}`}
              onClick={onDelete}
            >
              Delete
            </Button>
          </Group>
        </Group>
        <div>
          {banner.lines.map((line, index) => (
            <Text key={index}>{line}</Text>
          ))}
        </div>
        {banner.link ? (
          <Text size="sm">
            Link: <strong>{banner.link.title}</strong> → {banner.link.url}
          </Text>
        ) : (
          <Text size="sm" c="dark.6">
            No link
          </Text>
        )}
      </Stack>
    </Card>
  );
}
