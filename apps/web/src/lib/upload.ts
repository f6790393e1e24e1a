import type { FileRejection } from '@mantine/dropzone';

const BYTES_PER_MIB = 1024 * 1024;

/** Sizes in MiB with at most two decimals, as the spec's upload messages show them. */
export const mebibytes = (bytes: number) => Math.round((bytes / BYTES_PER_MIB) * 100) / 100;

/** The uploader messages of spec 5, with their placeholders filled in. */
export function describeRejectedFile(rejection: FileRejection, maxBytes: number): string {
  const code = rejection.errors[0]?.code;
  if (code === 'file-too-large') {
    return `File is too big (${mebibytes(rejection.file.size)}MiB). Max filesize: ${mebibytes(maxBytes)}MiB.`;
  }
  if (code === 'too-many-files') return 'You can not upload any more files.';
  return "You can't upload files of this type.";
}

/** Images sellers upload (banners, bottles): the types and size `POST /upload` accepts. */
export const IMAGE_UPLOAD_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
};
export const IMAGE_UPLOAD_MAX_BYTES = 10 * BYTES_PER_MIB;

export type UploadResult = { ok: true; fileUrl: string } | { ok: false; message: string };

/**
 * Sends one file to `POST /upload` (field `file`, and the business's `slug` so the server can
 * check the uploader works there), reporting progress from 0 to 100. Never rejects: every
 * failure is a message for the person uploading, in the spec's uploader words where it has them.
 */
export function uploadFile(
  file: File,
  {
    slug,
    onProgress,
    signal,
  }: { slug: string; onProgress?: (percent: number) => void; signal?: AbortSignal },
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/upload');
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () =>
      resolve({
        ok: false,
        message: 'We could not reach the server. Check your connection and try again.',
      });
    request.onabort = () => resolve({ ok: false, message: 'Upload canceled.' });
    request.onload = () => {
      let body: { status?: string; fileUrl?: string; error?: { message?: string } } | null;
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        resolve({ ok: false, message: 'Invalid JSON response from server.' });
        return;
      }
      if (
        request.status >= 200 &&
        request.status < 300 &&
        body?.status === 'success' &&
        body.fileUrl
      ) {
        resolve({ ok: true, fileUrl: body.fileUrl });
        return;
      }
      resolve({
        ok: false,
        message: body?.error?.message ?? `Server responded with ${request.status} code.`,
      });
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const body = new FormData();
    body.append('slug', slug);
    body.append('file', file, file.name);
    request.send(body);
  });
}
