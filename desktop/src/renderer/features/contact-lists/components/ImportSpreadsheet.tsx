import { CONTACT_LIST_IMPORT_MAX_BYTES, type ContactListImportReport, type Id } from '@atendo/shared';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody, errorText, validationText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { useUploadContactListMutation } from '../contact-lists.api';

/** What the file picker offers; the server reads the bytes, whatever the name says. */
const ACCEPT = [
  '.xls',
  '.xlsx',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

const useStyles = makeStyles({
  rows: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    maxHeight: '50vh',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
});

/** The items page's import: picks an .xls or .xlsx, sends it, and tells what was added and what was not. */
export function ImportSpreadsheet({ contactListId }: { contactListId: Id }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [upload, { isLoading }] = useUploadContactListMutation();
  const [report, setReport] = useState<ContactListImportReport | null>(null);

  // The report names the first bad rows only; the others are counted.
  const hiddenRows = report ? report.skipped - new Set(report.errors.map((e) => e.row)).size : 0;

  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a fix.
    event.target.value = '';
    if (!file) return;
    if (file.size > CONTACT_LIST_IMPORT_MAX_BYTES) {
      notify.error(t('validation.fileTooLarge', { max: CONTACT_LIST_IMPORT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    try {
      const result = await upload({ id: contactListId, file }).unwrap();
      if (result.errors.length) setReport(result);
      else notify.success(t('contactLists.import.added', { count: result.added }));
    } catch (failure) {
      // A refused sheet (not a spreadsheet, too many rows) says why on its `file` field.
      const field = errorBody(failure)?.fields?.[0];
      notify.error(
        field ? (validationText(i18n, { key: field.message, params: field.params }) ?? '') : errorText(i18n, failure),
      );
    }
  };

  return (
    <>
      <input ref={input} type="file" accept={ACCEPT} hidden onChange={(event) => void send(event)} />
      <Button
        icon={isLoading ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
        disabled={isLoading}
        onClick={() => input.current?.click()}
      >
        {t('contactLists.import.button')}
      </Button>
      <Dialog open={!!report} onOpenChange={(_event, data) => !data.open && setReport(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('contactLists.import.reportTitle')}</DialogTitle>
            <DialogContent>
              <p>{t('contactLists.import.summary', { added: report?.added ?? 0, skipped: report?.skipped ?? 0 })}</p>
              <ul className={styles.rows} aria-label={t('contactLists.import.rowsLabel')}>
                {report?.errors.map((error, index) => (
                  <li key={index}>
                    {t('contactLists.import.row', {
                      row: error.row,
                      field: t(`contactLists.items.fields.${error.field}`, { defaultValue: error.field }),
                      reason: validationText(i18n, { key: error.message, params: error.params }),
                    })}
                  </li>
                ))}
              </ul>
              {hiddenRows > 0 && <p>{t('contactLists.import.more', { count: hiddenRows })}</p>}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setReport(null)}>
                {t('common.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
