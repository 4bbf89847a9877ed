import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_MIB,
  FILE_LIST_MAX_FILES,
  type FileList,
  type FileListOption,
  fileListSchema,
  type Id,
  V,
} from '@atendo/shared';
import { Button, Caption1, Field, Input, makeStyles, Text, Textarea, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, ArrowSwapRegular, DeleteRegular } from '@fluentui/react-icons';
import { type FormikErrors, getIn, setIn, useFormik } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody, errorText, serverFieldErrors, validationText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps } from '../../../components/form';
import { attachmentProblem } from '../attachments';
import {
  type OptionFile,
  useCreateFileListMutation,
  useFileListOptionContentMutation,
  useUpdateFileListMutation,
  useUploadFileListFilesMutation,
} from '../files.api';

const useStyles = makeStyles({
  surface: { maxWidth: '680px', width: '100%' },
  options: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0 },
  option: {
    listStyleType: 'none',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  optionName: { flexGrow: 1, minWidth: '180px' },
  optionFile: { flexBasis: '100%', overflowWrap: 'anywhere', color: tokens.colorNeutralForeground3 },
  error: { flexBasis: '100%', color: tokens.colorPaletteRedForeground1 },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hidden: { display: 'none' },
});

/** An option as the form holds it: its id once saved, its stored file, and a file chosen to upload. */
interface OptionValue {
  id: Id | null;
  name: string;
  path: string;
  mediaType: string;
  file: File | null;
}

interface Values {
  name: string;
  message: string;
  options: OptionValue[];
}

const fromOption = (option: FileListOption): OptionValue => ({ ...option, file: null });

/** The chosen file's name without its extension: what the option is called until renamed. */
const nameOf = (file: File) => file.name.replace(/\.[^.]+$/, '') || file.name;

/** Saves an object URL under `filename` (the desktop app asks where), then lets it go. */
function saveObjectUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the download has surely read it.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The saved list's options matched with the form's: a kept option by its id, the new ones (which
 * the server adds after the kept ones, in the order sent) in order.
 */
function matchSaved(values: OptionValue[], saved: FileListOption[]): OptionValue[] {
  const added = saved.filter((option) => !values.some((value) => value.id === option.id));
  let next = 0;
  return values.map((value) => {
    const match = value.id !== null ? saved.find((option) => option.id === value.id) : added[next++];
    return match ? { ...value, id: match.id, path: match.path, mediaType: match.mediaType } : value;
  });
}

export function FileListModal({ fileList, onClose }: { fileList: FileList | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const addInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<number | null>(null);
  // Once saved, a second try (after a refused file) changes that list instead of adding another.
  const [savedId, setSavedId] = useState<Id | null>(fileList?.id ?? null);
  const [createFileList] = useCreateFileListMutation();
  const [updateFileList] = useUpdateFileListMutation();
  const [uploadFiles] = useUploadFileListFilesMutation();
  const [fetchContent] = useFileListOptionContentMutation();

  const formik = useFormik<Values>({
    initialValues: {
      name: fileList?.name ?? '',
      message: fileList?.message ?? '',
      options: fileList?.options.map(fromOption) ?? [],
    },
    validationSchema: fileListSchema,
    // Beyond the schema: every option needs its file, and a chosen file must be one the server takes.
    validate: (values) => {
      let errors: FormikErrors<Values> = {};
      values.options.forEach((option, index) => {
        const problem = option.file ? attachmentProblem(option.file) : option.path ? null : V.required;
        if (problem) errors = setIn(errors, `options[${index}].file`, problem);
      });
      return errors;
    },
    onSubmit: async (values, helpers) => {
      const input = fileListSchema.cast({
        name: values.name,
        message: values.message,
        options: values.options.map((option) => ({ id: option.id, name: option.name })),
      });
      let options = values.options;
      try {
        const saved = savedId
          ? await updateFileList({ id: savedId, changes: input }).unwrap()
          : await createFileList(input).unwrap();
        setSavedId(saved.id);
        options = matchSaved(values.options, saved.options);
        const files: OptionFile[] = options.flatMap((option) =>
          option.file && option.id !== null ? [{ optionId: option.id, file: option.file }] : [],
        );
        if (files.length) await uploadFiles({ id: saved.id, files }).unwrap();
      } catch (error) {
        // What is saved stays saved: the form keeps the ids, so saving again completes it.
        await helpers.setFieldValue('options', options, false);
        const fields = serverFieldErrors(error);
        if (!fields) {
          notify.error(errorText(i18n, error));
          return;
        }
        helpers.setErrors(uploadErrors(options, fields, errorBody(error)?.fields?.map((f) => f.field) ?? []));
        return;
      }
      notify.success(t('files.saved'));
      onClose();
    },
  });

  /** Field errors of the list's save or of its upload, placed under the options they name. */
  function uploadErrors(options: OptionValue[], fields: Record<string, unknown>, names: string[]) {
    const uploading = options.flatMap((option, index) => (option.file && option.id !== null ? [index] : []));
    let errors: FormikErrors<Values> = {};
    for (const name of names) {
      const upload = /^(files|id)\[(\d+)\]$/.exec(name);
      const path = upload ? `options[${uploading[Number(upload[2])]}].file` : name;
      errors = setIn(errors, path, fields[name]);
    }
    return errors;
  }

  const options = formik.values.options;
  const setOptions = (next: OptionValue[]) => void formik.setFieldValue('options', next);

  const addFiles = (chosen: File[]) => {
    const room = FILE_LIST_MAX_FILES - options.length;
    if (chosen.length > room) notify.error(t('files.tooMany', { max: FILE_LIST_MAX_FILES }));
    const added = chosen
      .slice(0, Math.max(0, room))
      .map((file) => ({ id: null, name: nameOf(file), path: '', mediaType: '', file }));
    setOptions([...options, ...added]);
  };

  const download = async (option: OptionValue) => {
    if (savedId === null || option.id === null) return;
    try {
      const url = await fetchContent({ id: savedId, optionId: option.id }).unwrap();
      const extension = /\.[a-z0-9]+$/.exec(option.path)?.[0] ?? '';
      saveObjectUrl(url, option.name.toLowerCase().endsWith(extension) ? option.name : `${option.name}${extension}`);
    } catch (error) {
      notify.error(errorText(i18n, error));
    }
  };

  const fileText = (option: OptionValue) => {
    if (option.file) return t('files.newFile', { name: option.file.name });
    if (option.path) return t('files.storedFile');
    return t('files.noFile');
  };

  // A problem of the list of files as a whole (too many), not of one of them.
  const listError = getIn(formik.errors, 'options') as unknown;
  const listProblem = Array.isArray(listError) ? undefined : validationText(i18n, listError);

  return (
    <FormDialog
      title={fileList ? t('files.modal.editTitle') : t('files.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <Field label={t('files.fields.name')} required {...fieldError(formik, 'name', i18n)}>
        <Input {...inputProps(formik, 'name')} />
      </Field>
      <Field label={t('files.fields.message')} required {...fieldError(formik, 'message', i18n)}>
        <Textarea {...inputProps(formik, 'message')} rows={4} resize="vertical" />
      </Field>
      <div className={styles.toolbar}>
        <Text weight="semibold">{t('files.fields.files')}</Text>
        <Button
          icon={<AddRegular />}
          disabled={options.length >= FILE_LIST_MAX_FILES}
          onClick={() => addInput.current?.click()}
        >
          {t('files.addFiles')}
        </Button>
        <Caption1>{t('files.filesHint', { max: FILE_LIST_MAX_FILES, size: ATTACHMENT_MAX_MIB })}</Caption1>
      </div>
      <input
        ref={addInput}
        className={styles.hidden}
        type="file"
        multiple
        accept={ATTACHMENT_EXTENSIONS.join(',')}
        aria-label={t('files.addFiles')}
        data-testid="file-list-add"
        onChange={(event) => {
          addFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <input
        ref={replaceInput}
        className={styles.hidden}
        type="file"
        accept={ATTACHMENT_EXTENSIONS.join(',')}
        aria-label={t('files.replace')}
        data-testid="file-list-replace"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file && replacing !== null) void formik.setFieldValue(`options[${replacing}].file`, file);
          event.target.value = '';
        }}
      />
      {listProblem && (
        <Text role="alert" className={styles.error}>
          {listProblem}
        </Text>
      )}
      {options.length === 0 ? (
        <Text>{t('files.noFiles')}</Text>
      ) : (
        <ul className={styles.options} aria-label={t('files.fields.files')}>
          {options.map((option, index) => {
            const label = option.name || t('files.untitled', { number: index + 1 });
            const problem = fieldError(formik, `options[${index}].file`, i18n);
            return (
              <li key={option.id ?? `new-${index}`} className={styles.option}>
                <Field
                  className={styles.optionName}
                  label={t('files.fields.optionName', { number: index + 1 })}
                  {...fieldError(formik, `options[${index}].name`, i18n)}
                >
                  <Input
                    name={`options[${index}].name`}
                    value={option.name}
                    onChange={formik.handleChange}
                    onBlur={formik.handleBlur}
                  />
                </Field>
                {option.path && !option.file && (
                  <Button
                    appearance="subtle"
                    icon={<ArrowDownloadRegular />}
                    aria-label={t('files.download', { name: label })}
                    onClick={() => void download(option)}
                  />
                )}
                <Button
                  appearance="subtle"
                  icon={<ArrowSwapRegular />}
                  aria-label={t('files.replaceNamed', { name: label })}
                  onClick={() => {
                    setReplacing(index);
                    replaceInput.current?.click();
                  }}
                />
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={t('files.removeNamed', { name: label })}
                  onClick={() => setOptions(options.filter((_o, i) => i !== index))}
                />
                <Caption1 className={styles.optionFile}>{fileText(option)}</Caption1>
                {problem.validationMessage && (
                  <Text role="alert" className={styles.error}>
                    {problem.validationMessage}
                  </Text>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </FormDialog>
  );
}
