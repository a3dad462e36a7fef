import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { cx } from '../../lib/cx';
import * as styles from './photo-zoom.css';

/**
 * A question's photo that enlarges on a tap or click: a dialog over the page with the photo as
 * large as the screen allows (pinch-zoom on a phone), closed by its button, Escape or a tap
 * beside the photo; the focus goes back to the photo.
 */
export function PhotoZoom({
  src,
  alt,
  className,
}: {
  src: string;
  alt: string;
  className: string;
}) {
  const { t } = useTranslation('parts');
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className={styles.opener}
        aria-label={t('photo.enlarge')}
        data-testid="photo-enlarge"
      >
        <img className={cx(className, styles.inButton)} src={src} alt={alt} decoding="async" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          aria-describedby={undefined}
          data-testid="photo-dialog"
          onClick={(event) => {
            // A tap beside the photo closes, as the overlay would.
            if (event.target === event.currentTarget) setOpen(false);
          }}
        >
          <Dialog.Title className="visually-hidden">{alt}</Dialog.Title>
          <img className={styles.large} src={src} alt={alt} />
          <Dialog.Close className={styles.close} aria-label={t('photo.close')}>
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
