import {
  CONTACT_UPLOAD_MAX_MIB,
  CONTACT_UPLOAD_MAX_ROWS,
  type ContactUploadError,
  type ContactUploadResult,
} from '@atendo/shared';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import type { i18n as I18n } from 'i18next';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody, errorText, validationText } from '../../../app/errors';
import { useUploadContactsMutation } from '../contacts.api';

/** The template at the site root (the build copies it from desktop/public). */
export const CONTACTS_TEMPLATE = '/modelo-contatos.xlsx';

/** What the file picker offers; the server reads the bytes, whatever the name says. */
const ACCEPT = ['.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'].join(',');

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  rows: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    maxHeight: '40vh',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
});

/** Why a row was not imported: a validation key with its params, or an error code. */
function reasonOf(i18n: I18n, error: ContactUploadError['error']): string {
  if (error.message.startsWith('validation.')) {
    return validationText(i18n, { key: error.message, params: error.params }) ?? error.message;
  }
  const key = `errors.${error.message}`;
  return i18n.exists(key) ? i18n.t(key) : error.message;
}

/**
 * The contacts import: the template to fill in, the .xlsx to send, and then the report — how many
 * were added, and each row that was not, by its row number, name and reason.
 */
export function ImportContactsDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [upload, { isLoading }] = useUploadContactsMutation();
  const [report, setReport] = useState<ContactUploadResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a fix.
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    setReport(null);
    if (file.size > CONTACT_UPLOAD_MAX_MIB * 1024 * 1024) {
      setFailure(t('validation.fileTooLarge', { max: CONTACT_UPLOAD_MAX_MIB }));
      return;
    }
    try {
      setReport(await upload(file).unwrap());
    } catch (error) {
      // A refused file (not a spreadsheet, too many rows) says why on its `file` field.
      const field = errorBody(error)?.fields?.[0];
      setFailure(
        field ? (validationText(i18n, { key: field.message, params: field.params }) ?? '') : errorText(i18n, error),
      );
    }
  };

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('contacts.import.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <p>
              {t('contacts.import.intro', {
                rows: CONTACT_UPLOAD_MAX_ROWS.toLocaleString(i18n.language),
                mib: CONTACT_UPLOAD_MAX_MIB,
              })}
            </p>
            <div className={styles.actions}>
              <Button
                appearance="primary"
                icon={isLoading ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
                disabled={isLoading}
                onClick={() => input.current?.click()}
              >
                {isLoading ? t('contacts.import.sending') : t('contacts.import.choose')}
              </Button>
              <Link href={CONTACTS_TEMPLATE} download>
                <ArrowDownloadRegular aria-hidden /> {t('contacts.import.template')}
              </Link>
            </div>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              hidden
              data-testid="contacts-import-file"
              onChange={(event) => void send(event)}
            />
            {failure && (
              <MessageBar intent="error" layout="multiline">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            )}
            {report && (
              <MessageBar intent={report.errorBag.length ? 'warning' : 'success'} layout="multiline">
                <MessageBarBody>
                  {report.errorBag.length
                    ? t('contacts.import.summary', {
                        added: report.newContacts.length,
                        skipped: report.errorBag.length,
                      })
                    : t('contacts.import.done', { count: report.newContacts.length })}
                </MessageBarBody>
              </MessageBar>
            )}
            {!!report?.errorBag.length && (
              <ul className={styles.rows} aria-label={t('contacts.import.rowsLabel')}>
                {report.errorBag.map((error) => (
                  <li key={error.row}>
                    {t('contacts.import.row', {
                      row: error.row,
                      name: error.contactName || error.number || t('contacts.import.noName'),
                      reason: reasonOf(i18n, error.error),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
