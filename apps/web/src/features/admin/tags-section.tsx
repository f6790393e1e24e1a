import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { ErrorAlert, QueryStatus } from './admin-ui';
import { errorMessage } from './admin-utils';
import { TagCategoryCard } from './tag-category-card';
import { CREATE_TAG } from './api/tags';
import { TagNameForm } from './tag-name-form';
import { TAG_CATEGORIES } from './api/tags';

export function TagsSection() {
  const [result, reexecute] = useQuery({
    query: TAG_CATEGORIES,
    requestPolicy: 'cache-and-network',
  });
  const refetch = () => reexecute({ requestPolicy: 'network-only' });
  const [, createTag] = useMutation(CREATE_TAG);
  const [createError, setCreateError] = useState<string | null>(null);

  const createCategory = async (name: string) => {
    setCreateError(null);
    const response = await createTag({ name, categoryId: null });
    if (response.error) {
      setCreateError(errorMessage(response.error));
      return false;
    }
    refetch();
    return true;
  };

  const categories = result.data?.tagCategories;
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <Stack gap="md" component="section" aria-labelledby="admin-tags-title">
      <Title order={2} id="admin-tags-title" ref={heading} tabIndex={-1}>
        Tags
      </Title>
      <Text>
        Tags are grouped in categories, such as “Business Type”; businesses are tagged with them.
      </Text>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <TagNameForm
            label="New category"
            submitLabel="Create category"
            clearOnSuccess
            onSubmit={createCategory}
          />
          {createError ? (
            <ErrorAlert message={createError} onClose={() => setCreateError(null)} />
          ) : null}
        </Stack>
      </Card>
      <QueryStatus
        error={result.error}
        loading={!categories && result.fetching}
        onRetry={refetch}
      />
      {categories && categories.length === 0 ? (
        <Text role="status">No tag categories yet.</Text>
      ) : null}
      {categories && categories.length > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {categories.map((category) => (
            <TagCategoryCard
              key={category.id}
              category={category}
              onChanged={refetch}
              focusAfterDelete={() => heading.current}
            />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
