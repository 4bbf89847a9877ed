import { type DesktopBridge, type ServerCheckResult, tooLong, V } from '@atendo/shared';
import {
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useFormik } from 'formik';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { FailureMessage } from '../../../components/FailureMessage';
import { fieldError } from '../../../components/form';
import { PublicForm, PublicTitle } from '../../../components/PublicForm';

type CheckError = NonNullable<ServerCheckResult['error']>;

/** The sign-in page with the server form open: where "Change server" in the user menu leads. */
export const CHANGE_SERVER_PATH = '/login?server=change';

const serverSchema = yup.object({
  address: yup.string().trim().required(V.required).max(200, tooLong),
});

const useStyles = makeStyles({
  current: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground3,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  grow: { flexGrow: 1 },
});

/** Literal keys, so the locale test sees each of them. */
function checkErrorText(t: TFunction, error: CheckError): string {
  switch (error) {
    case 'invalid-url':
      return t('auth.server.invalidUrl');
    case 'unreachable':
      return t('auth.server.unreachable');
    case 'not-this-product':
      return t('auth.server.notThisProduct');
    case 'certificate':
      return t('auth.server.certificate');
  }
}

/**
 * The desktop app's server: the address in use with a way to change it, or, before one is set,
 * the first-run form in place of `children` (the sign-in or sign-up form, which could not reach
 * anything yet). In a browser the page's own server is the server, so only `children` render.
 */
export function ServerAddress({ children }: { children?: ReactNode }) {
  const bridge = window.desktop;
  if (!bridge) return <>{children}</>;
  return <DesktopServerAddress bridge={bridge}>{children}</DesktopServerAddress>;
}

function DesktopServerAddress({ bridge, children }: { bridge: DesktopBridge; children?: ReactNode }) {
  const { t } = useTranslation();
  const styles = useStyles();
  // undefined while the main process answers; null when no server is set yet.
  const [current, setCurrent] = useState<string | null | undefined>(undefined);
  const [loadFailure, setLoadFailure] = useState<unknown>(null);
  // Read from the address rather than the router, so the form works on any page that hosts it.
  const [editing, setEditing] = useState(() => new URLSearchParams(window.location.search).get('server') === 'change');

  useEffect(() => {
    let live = true;
    bridge.server.getUrl().then(
      (url) => {
        if (live) setCurrent(url);
      },
      (error: unknown) => {
        if (!live) return;
        setLoadFailure(error);
        setCurrent(null);
      },
    );
    return () => {
      live = false;
    };
  }, [bridge]);

  if (current === undefined) return <Spinner size="small" />;

  if (current === null || editing) {
    return (
      <>
        <FailureMessage failure={loadFailure} />
        <ServerForm
          bridge={bridge}
          initialAddress={current ?? ''}
          onCancel={current === null ? undefined : () => setEditing(false)}
        />
      </>
    );
  }

  return (
    <>
      {children}
      <div className={styles.current}>
        <Caption1>{t('auth.server.current', { url: current })}</Caption1>
        <Button size="small" appearance="subtle" onClick={() => setEditing(true)}>
          {t('auth.server.change')}
        </Button>
      </div>
    </>
  );
}

function ServerForm({
  bridge,
  initialAddress,
  onCancel,
}: {
  bridge: DesktopBridge;
  initialAddress: string;
  onCancel?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [checkError, setCheckError] = useState<CheckError | null>(null);
  // A rejection of the bridge call itself (an ERR_IPC_* code), rather than an answer about the server.
  const [failure, setFailure] = useState<unknown>(null);
  const [connected, setConnected] = useState<string | null>(null);

  const formik = useFormik({
    initialValues: { address: initialAddress },
    validationSchema: serverSchema,
    onSubmit: async (values) => {
      setCheckError(null);
      setFailure(null);
      try {
        const result = await bridge.server.setUrl(serverSchema.cast(values).address);
        // On success the main process reloads the window with the new server's policy.
        if (result.ok) setConnected(result.url ?? values.address.trim());
        else setCheckError(result.error ?? 'unreachable');
      } catch (error) {
        setFailure(error);
      }
    },
  });

  const busy = formik.isSubmitting || connected !== null;

  return (
    <>
      <PublicTitle>{t('auth.server.title')}</PublicTitle>
      <PublicForm onSubmit={formik.handleSubmit}>
        <Text>{t('auth.server.intro')}</Text>
        {checkError !== null && (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>{checkErrorText(t, checkError)}</MessageBarBody>
          </MessageBar>
        )}
        <FailureMessage failure={failure} />
        {connected !== null && (
          <MessageBar intent="success" layout="multiline">
            <MessageBarBody>{t('auth.server.connected', { url: connected })}</MessageBarBody>
          </MessageBar>
        )}
        <Field label={t('auth.server.address')} required {...fieldError(formik, 'address', i18n)}>
          <Input
            name="address"
            type="text"
            inputMode="url"
            autoComplete="url"
            placeholder={t('auth.server.placeholder')}
            value={formik.values.address}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            disabled={busy}
          />
        </Field>
        <div className={styles.actions}>
          <Button
            className={styles.grow}
            type="submit"
            appearance="primary"
            disabled={busy}
            icon={formik.isSubmitting ? <Spinner size="tiny" /> : undefined}
          >
            {t('auth.server.connect')}
          </Button>
          {onCancel && (
            <Button onClick={onCancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
          )}
        </div>
      </PublicForm>
    </>
  );
}
