import {
  ATTACHMENT_EXTENSIONS,
  CAMPAIGN_CONFIRMATION_KEYS,
  CAMPAIGN_CONTACT_VARIABLES,
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_MESSAGE_KEYS,
  type Campaign,
  type Id,
} from '@atendo/shared';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Select,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, serverFieldErrors } from '../../../app/errors';
import { useDebouncedValue } from '../../../app/hooks';
import { useNotify } from '../../../app/toasts';
import { AttachmentField } from '../../../components/AttachmentField';
import { DateTimeFields } from '../../../components/DateTimeFields';
import { dateTimeProps, fieldError, inputProps } from '../../../components/form';
import { FormDialogActions } from '../../../components/FormDialogActions';
import { SearchCombobox } from '../../../components/SearchCombobox';
import { useAttachment } from '../../../components/use-attachment';
import { useListConnectionsQuery } from '../../connections/connections.api';
import { attachmentProblem } from '../../files/attachments';
import { usePageFileListsInfiniteQuery } from '../../files/files.api';
import { useListTagsQuery } from '../../tags/tags.api';
import {
  type Audience,
  campaignFormValues,
  defaultConnectionId,
  campaignInput,
  type CampaignFormValues,
  formErrorsOf,
  scheduledAtOf,
  validateCampaignForm,
} from '../campaign-form';
import { campaignFieldEditable, campaignFormAccess } from '../campaign-rules';
import {
  useCreateCampaignMutation,
  useDeleteCampaignMediaMutation,
  useGetCampaignSettingsQuery,
  useListAudienceContactListsQuery,
  useUpdateCampaignMutation,
  useUploadCampaignMediaMutation,
} from '../campaigns.api';
import { dateTimeText } from './CampaignStatusBadge';
import { MessageVariants } from './MessageVariants';

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Two fields a row where there is room, one under the other on a phone.
  pair: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(240px, 100%), 1fr))',
    alignItems: 'start',
  },
  audience: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  // In the scrolling content a long notice keeps its height instead of sliding under the fields.
  notice: { flexShrink: 0 },
});

/** The file search waits this long after the last key, like the lists' searches. */
const FILE_SEARCH_DEBOUNCE_MS = 500;

/** The file list a campaign sends after its message: searched by name among the company's lists. */
function FileListPicker({
  initialName,
  disabled,
  onSelect,
}: {
  initialName: string;
  disabled: boolean;
  onSelect: (id: Id | null) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialName);
  const search = useDebouncedValue(text.trim().toLowerCase(), FILE_SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = usePageFileListsInfiniteQuery(search, { skip: disabled });
  const options = (data?.pages ?? []).flatMap((page) => page.files).map((list) => ({ id: list.id, text: list.name }));
  if (disabled) return <Input value={initialName || t('campaigns.form.none')} disabled />;
  return (
    <SearchCombobox
      placeholder={t('campaigns.form.fileListPlaceholder')}
      text={text}
      onTextChange={setText}
      onSelect={onSelect}
      searching={isFetching}
      options={options}
    />
  );
}

/**
 * Creates and edits a campaign (spec 2 Campaigns, §4). A campaign past the point of change opens
 * read-only, except that a cancelled one keeps its messages editable for a restart.
 */
export function CampaignModal({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  // Decided once, when the dialog opens: a campaign starting while it is open is refused on save.
  const [access] = useState(() => campaignFormAccess(campaign));
  const editable = (field: string) => campaignFieldEditable(access, field);
  // Once saved, a second try (after a refused attachment) changes that campaign instead of adding one.
  const [savedId, setSavedId] = useState<Id | null>(campaign?.id ?? null);
  const connections = useListConnectionsQuery();
  const contactLists = useListAudienceContactListsQuery(undefined, { refetchOnMountOrArgChange: true });
  const tags = useListTagsQuery();
  const settings = useGetCampaignSettingsQuery();
  const [createCampaign] = useCreateCampaignMutation();
  const [updateCampaign] = useUpdateCampaignMutation();
  const [uploadMedia] = useUploadCampaignMediaMutation();
  const [deleteMedia] = useDeleteCampaignMediaMutation();
  const attachment = useAttachment({
    stored: campaign,
    problem: attachmentProblem,
    upload: (id, file) => uploadMedia({ id, file }).unwrap(),
    remove: (id) => deleteMedia(id).unwrap(),
  });

  const formik = useFormik<CampaignFormValues>({
    initialValues: campaignFormValues(campaign, defaultConnectionId(connections.data)),
    validate: validateCampaignForm,
    onSubmit: async (values, helpers) => {
      let saved: Campaign;
      try {
        const changes = campaignInput(values);
        saved = savedId
          ? await updateCampaign({ id: savedId, changes }).unwrap()
          : await createCampaign(changes).unwrap();
        setSavedId(saved.id);
      } catch (error) {
        const fields = serverFieldErrors(error);
        if (fields) helpers.setErrors(formErrorsOf(fields, values.audience));
        else notify.error(errorText(i18n, error));
        return;
      }
      // The campaign itself is saved; the dialog stays open on its attachment's problem.
      if (editable('media') && !(await attachment.save(saved))) return;
      notify.success(t('campaigns.saved'));
      onClose();
    },
  });

  const { values, setFieldValue } = formik;
  // A new campaign goes out on the default connection unless one is chosen: the connections may
  // arrive after the form opened.
  const fallbackConnection = campaign ? null : defaultConnectionId(connections.data);
  const connectionChosen = values.whatsappId !== '' || !!formik.touched.whatsappId;
  useEffect(() => {
    if (fallbackConnection && !connectionChosen) void setFieldValue('whatsappId', String(fallbackConnection));
  }, [fallbackConnection, connectionChosen, setFieldValue]);
  // The contact's fields in the campaigns' own spelling, the greeting, hour and date (the other
  // message variables need a ticket or an agent a campaign may not have), then the settings' own.
  const variables = [
    ...CAMPAIGN_CONTACT_VARIABLES,
    'ms',
    'hora',
    'date',
    ...(settings.data?.variables ?? []).map((variable) => variable.key),
  ];
  const startsAt = scheduledAtOf(values);
  const setAudience = (audience: Audience) => void formik.setFieldValue('audience', audience);

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={formik.handleSubmit} noValidate>
          <DialogBody>
            <DialogTitle>
              {!campaign
                ? t('campaigns.modal.addTitle')
                : access === 'none'
                  ? t('campaigns.modal.viewTitle')
                  : t('campaigns.modal.editTitle')}
            </DialogTitle>
            <DialogContent className={styles.fields}>
              {access !== 'all' && (
                <MessageBar className={styles.notice} intent="info">
                  <MessageBarBody>
                    {access === 'messages' ? t('campaigns.modal.messagesOnly') : t('campaigns.modal.readOnly')}
                  </MessageBarBody>
                </MessageBar>
              )}
              <div className={styles.pair}>
                <Field label={t('campaigns.fields.name')} required {...fieldError(formik, 'name', i18n)}>
                  <Input {...inputProps(formik, 'name')} disabled={!editable('name')} />
                </Field>
                <Field label={t('campaigns.fields.connection')} {...fieldError(formik, 'whatsappId', i18n)}>
                  <Select {...inputProps(formik, 'whatsappId')} disabled={!editable('whatsappId')}>
                    <option value="">{t('campaigns.form.none')}</option>
                    {(connections.data ?? []).map((connection) => (
                      <option key={connection.id} value={connection.id}>
                        {connection.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
              <div className={styles.pair}>
                <div className={styles.audience}>
                  <Field label={t('campaigns.fields.audience')}>
                    <RadioGroup
                      layout="horizontal"
                      value={values.audience}
                      disabled={!editable('contactListId')}
                      onChange={(_event, data) => setAudience(data.value as Audience)}
                    >
                      <Radio value="contactList" label={t('campaigns.fields.contactList')} />
                      <Radio value="tag" label={t('campaigns.fields.tag')} />
                    </RadioGroup>
                  </Field>
                  {values.audience === 'contactList' ? (
                    <Field label={t('campaigns.fields.contactList')} {...fieldError(formik, 'contactListId', i18n)}>
                      <Select {...inputProps(formik, 'contactListId')} disabled={!editable('contactListId')}>
                        <option value="">{t('campaigns.form.none')}</option>
                        {(contactLists.data ?? []).map((list) => (
                          <option key={list.id} value={list.id}>
                            {t('campaigns.form.contactListOption', { name: list.name, count: list.contactsCount })}
                          </option>
                        ))}
                      </Select>
                    </Field>
                  ) : (
                    <Field label={t('campaigns.fields.tag')} {...fieldError(formik, 'tagListId', i18n)}>
                      <Select {...inputProps(formik, 'tagListId')} disabled={!editable('tagListId')}>
                        <option value="">{t('campaigns.form.noTag')}</option>
                        {(tags.data ?? []).map((tag) => (
                          <option key={tag.id} value={tag.id}>
                            {tag.name}
                          </option>
                        ))}
                      </Select>
                    </Field>
                  )}
                </div>
                <Field
                  label={t('campaigns.fields.fileList')}
                  hint={editable('fileListId') ? t('campaigns.form.fileListHint') : undefined}
                  {...fieldError(formik, 'fileListId', i18n)}
                >
                  <FileListPicker
                    initialName={campaign?.fileList?.name ?? ''}
                    disabled={!editable('fileListId')}
                    onSelect={(id) => void formik.setFieldValue('fileListId', id)}
                  />
                </Field>
              </div>
              {editable('scheduledAt') && (
                <Switch
                  label={t('campaigns.fields.sendNow')}
                  checked={values.sendNow}
                  onChange={(_event, data) => void setFieldValue('sendNow', data.checked)}
                />
              )}
              {!values.sendNow && (
                <DateTimeFields
                  {...dateTimeProps(
                    formik,
                    i18n,
                    { date: 'scheduledDate', time: 'scheduledTime' },
                    { date: t('campaigns.fields.scheduledDate'), time: t('campaigns.fields.scheduledTime') },
                  )}
                  readOnly={!editable('scheduledAt')}
                  futureOnly
                />
              )}
              {editable('scheduledAt') && (
                <Text size={200}>
                  {values.sendNow
                    ? t('campaigns.form.sendNowHint')
                    : startsAt
                      ? t('campaigns.form.startsAt', { when: dateTimeText(startsAt) })
                      : t('campaigns.form.draftHint')}
                </Text>
              )}
              <MessageVariants
                form={formik}
                keys={CAMPAIGN_MESSAGE_KEYS}
                label={t('campaigns.fields.messages')}
                hint={t('campaigns.form.variantsHint')}
                firstRequired={values.sendNow || !!startsAt}
                disabled={!editable('message1')}
                variables={variables}
              />
              <Switch
                label={t('campaigns.fields.confirmation')}
                checked={values.confirmation}
                disabled={!editable('confirmation')}
                onChange={(_event, data) => void formik.setFieldValue('confirmation', data.checked)}
              />
              {values.confirmation && (
                <MessageVariants
                  form={formik}
                  keys={CAMPAIGN_CONFIRMATION_KEYS}
                  label={t('campaigns.fields.confirmationMessages')}
                  hint={t('campaigns.form.confirmationHint')}
                  firstRequired={values.sendNow || !!startsAt}
                  disabled={!editable('confirmationMessage1')}
                  variables={variables}
                />
              )}
              <AttachmentField
                attachment={attachment}
                label={t('campaigns.fields.media')}
                hint={t('campaigns.form.mediaHint', { max: CAMPAIGN_MEDIA_MAX_BYTES / (1024 * 1024) })}
                accept={ATTACHMENT_EXTENSIONS}
                chooseLabel={t('campaigns.form.chooseFile')}
                removeLabel={(name) => t('campaigns.form.removeFile', { name })}
                emptyText={t('campaigns.form.noMedia')}
                testId="campaign-file"
                readOnly={!editable('media')}
              />
            </DialogContent>
            <FormDialogActions submitting={formik.isSubmitting} onCancel={onClose} readOnly={access === 'none'} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
