import { EXTERNAL_BODY_MAX, externalSendSchema, MEDIA_MAX_BYTES, V } from '@atendo/shared';
import {
  Body1,
  Button,
  Card,
  CardHeader,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Subtitle2,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { AttachRegular } from '@fluentui/react-icons';
import { type FormikHelpers, useFormik } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { resolveBaseUrl } from '../../../app/base-url';
import { errorBody } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { fieldError, inputProps, useShowSaveError } from '../../../components/form';
import { PageHeader } from '../../../components/PageHeader';
import { SubmitButton } from '../../../components/SubmitButton';
import { type ExternalSend, useSendExternalMessageMutation } from '../messages-api.api';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1200px' },
  docs: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  code: {
    margin: 0,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'grid', gap: tokens.spacingVerticalXS },
  forms: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
});

/** The answers the endpoint gives, as documented on the page (keys under messagesApi.docs.answers). */
const ANSWERS = ['200', '400', '401', '403', '409', '429'] as const;

interface SendValues {
  token: string;
  number: string;
  body: string;
  closeTicket: boolean;
  file: File | null;
}

const EMPTY: SendValues = { token: '', number: '', body: '', closeTicket: false, file: null };

/** The form's rules: the server's own for the send, plus the token and, for media, a file. */
function sendFormSchema(withMedia: boolean) {
  return externalSendSchema(withMedia).shape({
    token: yup.string().trim().required(V.required),
    file: withMedia ? yup.mixed<File>().nullable().required(V.required) : yup.mixed<File>().nullable(),
  });
}

/**
 * Document 2, Messages API: how integrators send through a connection's token, and two forms that
 * send a text or a file exactly as they would (the connection's token, not the user's session).
 */
export function MessagesApiPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [base, setBase] = useState('');
  useEffect(() => {
    void resolveBaseUrl().then((url) => setBase(url || window.location.origin));
  }, []);
  const endpoint = `${base}/api/messages/send`;
  const jsonExample = useMemo(
    () =>
      [
        `POST ${endpoint}`,
        'Authorization: Bearer <token>',
        'Content-Type: application/json',
        'Idempotency-Key: pedido-4521',
        '',
        JSON.stringify(
          { number: '5511987654321', body: t('messagesApi.docs.sampleBody'), closeTicket: false },
          null,
          2,
        ),
      ].join('\n'),
    [endpoint, t],
  );
  const mediaExample = `curl -X POST ${endpoint} \\\n  -H "Authorization: Bearer <token>" \\\n  -F number=5511987654321 \\\n  -F body="${t('messagesApi.docs.sampleCaption')}" \\\n  -F medias=@boleto.pdf`;

  return (
    <div className={styles.page}>
      <PageHeader title={t('messagesApi.title')} />
      <Card>
        <CardHeader header={<Subtitle2 as="h2">{t('messagesApi.docs.title')}</Subtitle2>} />
        <div className={styles.docs}>
          <Body1>{t('messagesApi.docs.intro')}</Body1>
          <Body1>{t('messagesApi.docs.token')}</Body1>
          <Text weight="semibold">{t('messagesApi.docs.textTitle')}</Text>
          <pre className={styles.code} data-testid="json-example">
            {jsonExample}
          </pre>
          <Text weight="semibold">{t('messagesApi.docs.mediaTitle')}</Text>
          <pre className={styles.code}>{mediaExample}</pre>
          <Body1>{t('messagesApi.docs.idempotency')}</Body1>
          <Text weight="semibold">{t('messagesApi.docs.answersTitle')}</Text>
          <ul className={styles.list}>
            {ANSWERS.map((status) => (
              <li key={status}>
                <Text font="monospace">{status}</Text> {t(`messagesApi.docs.answers.${status}`)}
              </li>
            ))}
          </ul>
        </div>
      </Card>
      <div className={styles.forms}>
        <SendForm media={false} />
        <SendForm media />
      </div>
    </div>
  );
}

function SendForm({ media }: { media: boolean }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const showSaveError = useShowSaveError();
  const [send] = useSendExternalMessageMutation();
  // The file input cannot be emptied from code: a new one replaces it after each send.
  const [round, setRound] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const prefix = media ? 'messagesApi.media' : 'messagesApi.text';
  const formik = useFormik<SendValues>({
    initialValues: EMPTY,
    validationSchema: sendFormSchema(media),
    onSubmit: async (values: SendValues, helpers: FormikHelpers<SendValues>) => {
      const request: ExternalSend = { ...values, file: media ? values.file : null };
      try {
        await send(request).unwrap();
        notify.success(t('messagesApi.sent'));
        // The token stays for the next test; the message fields start over.
        helpers.resetForm({ values: { ...EMPTY, token: values.token } });
        setRound((n) => n + 1);
      } catch (error) {
        // Not the user's session: the token typed in is not a connection's.
        if (errorBody(error)?.error === 'ERR_INVALID_TOKEN') helpers.setFieldError('token', 'messagesApi.unknownToken');
        else showSaveError(error, helpers);
      }
    },
  });
  const fileError = fieldError(formik, 'file', i18n);

  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">{t(`${prefix}.title`)}</Subtitle2>} />
      <form className={styles.form} onSubmit={formik.handleSubmit} noValidate aria-label={t(`${prefix}.title`)}>
        <Field
          label={t('messagesApi.fields.token')}
          hint={t('messagesApi.fields.tokenHint')}
          required
          {...fieldError(formik, 'token', i18n)}
        >
          <Input {...inputProps(formik, 'token')} autoComplete="off" spellCheck={false} />
        </Field>
        <Field
          label={t('messagesApi.fields.number')}
          hint={t('messagesApi.fields.numberHint')}
          required
          {...fieldError(formik, 'number', i18n)}
        >
          <Input {...inputProps(formik, 'number')} inputMode="tel" autoComplete="off" />
        </Field>
        <Field
          label={t(media ? 'messagesApi.fields.caption' : 'messagesApi.fields.body')}
          required={!media}
          {...fieldError(formik, 'body', i18n)}
        >
          <Textarea {...inputProps(formik, 'body')} rows={3} resize="vertical" maxLength={EXTERNAL_BODY_MAX} />
        </Field>
        {media && (
          <Field
            label={t('messagesApi.fields.file')}
            hint={t('messagesApi.fields.fileHint', { max: MEDIA_MAX_BYTES / 1024 / 1024 })}
            required
            {...fileError}
          >
            <div className={styles.file}>
              <input
                key={round}
                ref={fileInput}
                type="file"
                name="file"
                hidden
                onChange={(event) => {
                  void formik.setFieldValue('file', event.currentTarget.files?.[0] ?? null);
                  void formik.setFieldTouched('file', true, false);
                }}
              />
              {/* The browser's own file button speaks the system's language: ours speaks the product's. */}
              <Button icon={<AttachRegular />} onClick={() => fileInput.current?.click()}>
                {t('messagesApi.fields.chooseFile')}
              </Button>
              <Text truncate wrap={false}>
                {formik.values.file?.name ?? t('messagesApi.fields.noFile')}
              </Text>
            </div>
          </Field>
        )}
        <Checkbox
          label={t('messagesApi.fields.closeTicket')}
          checked={formik.values.closeTicket}
          onChange={(_event, data) => void formik.setFieldValue('closeTicket', data.checked === true)}
        />
        <div className={styles.actions}>
          <SubmitButton submitting={formik.isSubmitting}>{t(`${prefix}.submit`)}</SubmitButton>
        </div>
      </form>
    </Card>
  );
}
