import { Group, Loader, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useMutation } from 'urql';
import { describeError } from '../../lib/server-error';
import { BUSINESS_TYPE_CATEGORY, BusinessTypeChoices } from './business-type-choices';
import { TAG_BUSINESS_WITH_TAGS, type BusinessProfile } from './api/profile';

/**
 * The business's types on the Edit Public Profile page, saved on each change. TagBusinessWithTags
 * replaces every tag of the business, so the tags that are not business types go along unchanged.
 */
export function BusinessTypesEditor({ business }: { business: BusinessProfile }) {
  const [, tagBusiness] = useMutation(TAG_BUSINESS_WITH_TAGS);
  const [typeIds, setTypeIds] = useState(() => business.businessTypes.map((t) => String(t.id)));
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<string | null>(null);
  // One save at a time, in order, so a quick second click cannot be overtaken by the first.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const otherTagIds = business.tags
    .filter((tag) => tag.categorizedBy?.name !== BUSINESS_TYPE_CATEGORY)
    .map((tag) => tag.id);

  const change = (ids: string[]) => {
    setTypeIds(ids);
    setStatus('saving');
    queue.current = queue.current.then(async () => {
      const tags = [...ids.map(Number), ...otherTagIds].map((id) => ({ id }));
      const result = await tagBusiness({ businessId: business.id, tags });
      setError(result.error ? describeError(result.error).message : null);
      setStatus(result.error ? 'idle' : 'saved');
    });
  };

  return (
    <Stack gap={4}>
      <BusinessTypeChoices value={typeIds} onChange={change} error={error} />
      <Text role="status" fz="sm" c="dark.6" mih={20}>
        {status === 'saving' ? (
          <Group component="span" gap={6}>
            <Loader size={12} aria-hidden />
            Saving business types…
          </Group>
        ) : status === 'saved' ? (
          <Group component="span" gap={6}>
            <IconCheck size={14} aria-hidden color="var(--mantine-color-green-9)" />
            Business types saved
          </Group>
        ) : null}
      </Text>
    </Stack>
  );
}
