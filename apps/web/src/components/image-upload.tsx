import '@mantine/dropzone/styles.css';
import { Box, Button, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import {
  describeRejectedFile,
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  mebibytes,
  uploadFile,
} from '../lib/upload';

/**
 * One image uploaded to `POST /upload` as soon as it is chosen: a drop area for the mouse, a
 * "Choose image" button for the keyboard, a progress bar while it is sent, a preview, and the
 * spec's uploader messages for a wrong type, a file too big or too many files. `onChange` gets
 * the stored file's URL, or null when the image is removed.
 */
export function ImageUpload({
  label,
  prompt,
  slug,
  value,
  onChange,
  error: outsideError,
  previewHeight = 160,
}: {
  label: string;
  /** The words in the drop area, e.g. 'Drag or upload a banner image (.jpg, .png, .gif)'. */
  prompt: string;
  /** The business the image is for; the server checks the uploader works there. */
  slug: string;
  value: string | null;
  onChange: (fileUrl: string | null) => void;
  /** A message from outside, such as the server refusing the saved form. */
  error?: string | null;
  previewHeight?: number;
}) {
  const id = useId();
  const openFileDialog = useRef<() => void>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shownError = error ?? outsideError ?? null;

  const send = async (files: File[]) => {
    const [file] = files;
    if (!file) return;
    setError(null);
    setProgress(0);
    const result = await uploadFile(file, { slug, onProgress: setProgress });
    setProgress(null);
    if (result.ok) onChange(result.fileUrl);
    else setError(result.message);
  };

  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={`JPEG, PNG or GIF, up to ${mebibytes(IMAGE_UPLOAD_MAX_BYTES)} MiB.`}
      descriptionProps={{ id: descriptionId }}
      error={shownError}
      errorProps={{ id: errorId, role: 'alert' }}
    >
      <Stack role="group" aria-labelledby={labelId} gap="sm" mt={6}>
        {value ? (
          <Box bg="#eee" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Image src={value} alt={`${label}: current image`} h={previewHeight} fit="contain" />
          </Box>
        ) : null}
        <Dropzone
          openRef={openFileDialog}
          onDrop={send}
          onReject={(rejections) => {
            // More than one file dropped is refused as a whole, with the spec's message.
            const [rejection] = rejections;
            if (rejection) setError(describeRejectedFile(rejection, IMAGE_UPLOAD_MAX_BYTES));
          }}
          accept={IMAGE_UPLOAD_TYPES}
          maxSize={IMAGE_UPLOAD_MAX_BYTES}
          maxFiles={1}
          multiple={false}
          // The button below is the keyboard's way in; the drop area is for the mouse.
          activateOnKeyboard={false}
          tabIndex={-1}
          inputProps={{ 'aria-hidden': true }}
          loading={progress !== null}
        >
          <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={32} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={32} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={32} aria-hidden />
            </Dropzone.Idle>
            <Text ta="center">{prompt}</Text>
          </Group>
        </Dropzone>
        {progress !== null ? (
          <Progress value={progress} aria-label={`Uploading ${label.toLowerCase()}`} animated />
        ) : null}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconUpload size={18} aria-hidden />}
            onClick={() => openFileDialog.current?.()}
            disabled={progress !== null}
            aria-describedby={shownError ? `${descriptionId} ${errorId}` : descriptionId}
          >
            {value ? 'Replace image' : 'Choose image'}
          </Button>
          {value ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => onChange(null)}
              disabled={progress !== null}
            >
              Remove image
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
