import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useMutation, type OperationResult } from 'urql';
import { ConfirmModal, ErrorAlert } from './admin-ui';
import { errorMessage } from './admin-utils';
import { CREATE_TAG, DELETE_TAG, RENAME_TAG } from './api/tags';
import { TagNameForm } from './tag-name-form';
import type { Tag, TagCategory } from './types';
import { useDialog } from './use-dialog';

const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name);

/** A tag category: rename or delete it, and add, rename or delete its tags. */
export function TagCategoryCard({
  category,
  onChanged,
  focusAfterDelete,
}: {
  category: TagCategory;
  onChanged: () => void;
  /** What to focus once this whole category is deleted. */
  focusAfterDelete: () => HTMLElement | null;
}) {
  const [, createTag] = useMutation(CREATE_TAG);
  const [, renameTag] = useMutation(RENAME_TAG);
  const [deleting, deleteTag] = useMutation(DELETE_TAG);
  const [error, setError] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const deleteDialog = useDialog<Tag>();
  const titleId = `tag-category-${category.id}-title`;
  const title = useRef<HTMLHeadingElement>(null);

  /** Runs a mutation; shows the server's refusal and refreshes the list on success. */
  const run = async (mutation: Promise<OperationResult>) => {
    setError(null);
    const response = await mutation;
    if (response.error) {
      setError(errorMessage(response.error));
      return false;
    }
    onChanged();
    return true;
  };

  const remove = async () => {
    const tag = deleteDialog.target;
    if (!tag || deleting.fetching) return;
    setDeleteError(null);
    const response = await deleteTag({ id: tag.id });
    if (response.error) {
      setDeleteError(errorMessage(response.error));
      return;
    }
    deleteDialog.closeAndFocus(tag.id === category.id ? focusAfterDelete : () => title.current);
    onChanged();
  };

  const openDelete = (tag: Tag) => {
    setDeleteError(null);
    deleteDialog.open(tag);
  };

  const target = deleteDialog.target;
  const deletingCategory = target?.id === category.id;
  const tags = [...category.categorizes].sort(byName);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={3} size="h4" id={titleId} ref={title} tabIndex={-1}>
          {category.name}
        </Title>
        <TagNameForm
          label="Category name"
          inputAriaLabel={`Category name: ${category.name}`}
          initialName={category.name}
          submitLabel="Save"
          submitAriaLabel={`Save name of category ${category.name}`}
          onSubmit={(name) => run(renameTag({ id: category.id, name }))}
          extra={
            <Button
              variant="outline"
              color="red.9"
              aria-label={`Delete category ${category.name}`}
              onClick={() => openDelete(category)}
            >
              Delete category
            </Button>
          }
        />
        {error ? <ErrorAlert message={error} onClose={() => setError(null)} /> : null}
        <Stack gap="xs">
          <Text fw={600} id={`${titleId}-tags`}>
            Tags ({tags.length})
          </Text>
          {tags.length === 0 ? (
            <Text c="dark.6">No tags in this category yet.</Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-labelledby={`${titleId}-tags`}
            >
              {tags.map((tag) => (
                <li key={tag.id}>
                  <TagNameForm
                    label={`Name of tag ${tag.name}`}
                    hideLabel
                    initialName={tag.name}
                    submitLabel="Save"
                    submitAriaLabel={`Save name of tag ${tag.name}`}
                    onSubmit={(name) => run(renameTag({ id: tag.id, name }))}
                    extra={
                      <Button
                        variant="default"
                        aria-label={`Delete tag ${tag.name}`}
                        onClick={() => openDelete(tag)}
                      >
                        Delete
                      </Button>
                    }
                  />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
        <TagNameForm
          label={`Add tag to ${category.name}`}
          submitLabel="Add tag"
          clearOnSuccess
          onSubmit={(name) => run(createTag({ name, categoryId: category.id }))}
        />
      </Stack>
      <ConfirmModal
        opened={deleteDialog.opened}
        title={deletingCategory ? 'Delete category' : 'Delete tag'}
        confirmLabel={deletingCategory ? 'Delete category and its tags' : 'Delete tag'}
        destructive
        returnFocus={deleteDialog.returnFocus}
        loading={deleting.fetching}
        error={deleteError}
        onConfirm={() => void remove()}
        onClose={deleteDialog.close}
      >
        {deletingCategory
          ? `Delete the category ${category.name}? Its ${tags.length} tags are deleted too.`
          : `Delete the tag ${target?.name ?? ''}?`}
      </ConfirmModal>
    </Card>
  );
}
