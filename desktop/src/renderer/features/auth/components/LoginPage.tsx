import { loginSchema } from '@atendo/shared';
import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { AppLink } from '../../../components/AppLink';
import { fieldError, submitKeepsFocus } from '../../../components/form';
import { useLoginMutation } from '../auth.api';
import { KeyringNotice } from './KeyringNotice';
import { PublicLayout } from './PublicLayout';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  center: { textAlign: 'center' },
});

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [login] = useLoginMutation();
  // Kept inline rather than in a 2-second toast: the visitor needs the reason while retyping.
  const [failure, setFailure] = useState<unknown>(null);

  const formik = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        // Signing in swaps the public routes for the private ones through the route guards.
        await login(loginSchema.cast(values)).unwrap();
      } catch (error) {
        setFailure(error);
      }
    },
  });

  return (
    <PublicLayout>
      <Subtitle2 as="h1" className={styles.center}>
        {t('auth.login.title')}
      </Subtitle2>
      <form className={styles.form} onSubmit={formik.handleSubmit} noValidate>
        <KeyringNotice />
        {failure !== null && (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>{errorText(i18n, failure)}</MessageBarBody>
          </MessageBar>
        )}
        <Field label={t('auth.fields.email')} required {...fieldError(formik, 'email', i18n)}>
          <Input
            name="email"
            type="email"
            autoComplete="username"
            value={formik.values.email}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
          />
        </Field>
        <Field label={t('auth.fields.password')} required {...fieldError(formik, 'password', i18n)}>
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            value={formik.values.password}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
          />
        </Field>
        <AppLink to="/forgetpsw">{t('auth.login.forgotPassword')}</AppLink>
        <Button
          type="submit"
          {...submitKeepsFocus}
          appearance="primary"
          disabled={formik.isSubmitting}
          icon={formik.isSubmitting ? <Spinner size="tiny" /> : undefined}
        >
          {t('auth.login.submit')}
        </Button>
      </form>
      <Text className={styles.center}>
        {t('auth.login.noAccount')} <AppLink to="/signup">{t('auth.login.signup')}</AppLink>
      </Text>
    </PublicLayout>
  );
}
