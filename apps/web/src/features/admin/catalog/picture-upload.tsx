import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadedMediaSchema, type UploadedMedia } from '@souq/contracts/admin-catalog';
import { MEDIA_UPLOAD_MAX_BYTES, mediaUploadTypes } from '@souq/contracts/media';
import { apiErrorMessage } from '../../../lib/api-error';
import { useAdminTranslation } from '../shared/admin-i18n';
import { asApiError, uploadFile } from './upload';

/**
 * A button that uploads one or more pictures (POST /api/admin/media), each with a progress bar,
 * and hands each stored picture to `onUploaded`. A file the server refuses is named with why.
 */
export function PictureUpload({
  label,
  multiple = false,
  onUploaded,
}: {
  label: string;
  multiple?: boolean;
  onUploaded: (media: UploadedMedia) => void;
}) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const id = useId();
  const [progress, setProgress] = useState<{ name: string; sent: number }[]>([]);
  const [problems, setProblems] = useState<string[]>([]);

  const send = async (files: File[]) => {
    setProblems([]);
    setProgress(files.map((f) => ({ name: f.name, sent: 0 })));
    for (const [index, file] of files.entries()) {
      const report = (sent: number) =>
        setProgress((all) => all.map((p, i) => (i === index ? { ...p, sent } : p)));
      if (file.size > MEDIA_UPLOAD_MAX_BYTES) {
        setProblems((all) => [...all, `${file.name}: ${shopT('apiErrors.image_too_large')}`]);
        continue;
      }
      try {
        const answer = await uploadFile('/api/admin/media', file, report);
        const media = uploadedMediaSchema.safeParse(answer.body);
        if (answer.status === 201 && media.success) onUploaded(media.data);
        else
          setProblems((all) => [
            ...all,
            `${file.name}: ${apiErrorMessage(shopT, asApiError(answer))}`,
          ]);
      } catch {
        setProblems((all) => [...all, `${file.name}: ${t('pictures.offline')}`]);
      }
    }
    setProgress([]);
  };

  return (
    <div className="flex flex-col gap-2">
      <label
        htmlFor={id}
        className="inline-flex min-h-11 w-fit cursor-pointer items-center rounded border border-neutral-400 bg-white px-4 text-sm font-medium hover:border-neutral-900 focus-within:outline focus-within:outline-2"
      >
        {label}
        <input
          id={id}
          type="file"
          accept={mediaUploadTypes.join(',')}
          multiple={multiple}
          className="sr-only"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            if (files.length > 0) void send(files);
          }}
        />
      </label>
      {progress.map((p) => (
        <div key={p.name} className="flex items-center gap-3 text-sm">
          <bdi className="truncate">{p.name}</bdi>
          <progress
            max={1}
            value={p.sent}
            aria-label={t('pictures.uploading', { name: p.name })}
            className="h-2 w-40 accent-brand"
          />
        </div>
      ))}
      {problems.length > 0 && (
        <ul role="alert" className="text-sm text-brand">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
