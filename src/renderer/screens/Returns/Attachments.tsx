import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '../../../shared/images';
import type { PackageRecord } from '../../../shared/service/packages';
import { useApp } from '../../store/app';

const IMAGE = /^(jpe?g|png|gif|webp|bmp)$/i;

function Attachment({ name, ext, base }: { name: string; ext: string; base: string }) {
  const { t } = useTranslation('returns');
  const [broken, setBroken] = useState(false);
  const file = `${name}${ext ? `.${ext}` : ''}`;
  // Only from the configured image server; an absolute address in the file name is never fetched.
  const url = imageUrl(base, file);
  const showImage = IMAGE.test(ext) && url && !broken;
  return (
    <figure className="attachment">
      {showImage ? (
        <img src={url} alt={file} loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <div className="attachment-placeholder" role="img" aria-label={t('detail.imageUnavailable')}>
          <span>{IMAGE.test(ext) ? t('detail.imageUnavailable') : t('detail.fileType', { ext: ext.toUpperCase() || '?' })}</span>
        </div>
      )}
      <figcaption>{file}</figcaption>
    </figure>
  );
}

/** The customer's photos and files per item line; pictures from the image server when it answers. */
export function Attachments({ record }: { record: PackageRecord }) {
  const { t } = useTranslation('returns');
  const base = useApp((s) => s.settings?.imageBaseUrl ?? '');
  const files = (record.lines ?? []).flatMap((l) =>
    (l.itemLines ?? []).flatMap((it) =>
      (it.returnLineAttachments ?? []).map((a) => ({
        key: `${it.id}-${a.returnLineAttachmentId}`,
        name: a.fileName ?? '',
        ext: (a.extension ?? '').replace(/^\./, ''),
      })),
    ),
  );
  return (
    <section className="detail-section" aria-label={t('detail.attachments')}>
      <h3>{t('detail.attachments')}</h3>
      {files.length === 0 ? (
        <p className="hint">{t('detail.noAttachments')}</p>
      ) : (
        <>
          {!base ? <p className="hint">{t('detail.imageHint')}</p> : null}
          <div className="attachments">
            {files.map((f) => (
              <Attachment key={f.key} name={f.name} ext={f.ext} base={base} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
