import { loginSchema } from '@atendo/shared';
import { Field, Input, makeStyles, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/AppLink';
import { FailureMessage } from '../../../components/FailureMessage';
import { fieldError, inputProps } from '../../../components/form';
import { PublicForm, PublicTitle } from '../../../components/PublicForm';
import { SubmitButton } from '../../../components/SubmitButton';
import { currentLanguage } from '../../../app/i18n';
import { useAppSelector } from '../../../app/store';
import { useLoginMutation } from '../auth.api';
import { selectSignedOutReason } from '../auth.slice';
import { KeyringNotice } from './KeyringNotice';
import { PublicLayout } from './PublicLayout';

const useStyles = makeStyles({
  center: { textAlign: 'center' },
});

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [login] = useLoginMutation();
  // Kept inline rather than in a 2-second toast: the visitor needs the reason while retyping.
  const [failure, setFailure] = useState<unknown>(null);
  const signedOutReason = useAppSelector(selectSignedOutReason);

  const formik = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        // Signing in swaps the public routes for the private ones through the route guards.
        // The app's language goes along: the server keeps it for a user who never chose one, for their e-mails.
        await login({ ...loginSchema.cast(values), language: currentLanguage() }).unwrap();
      } catch (error) {
        setFailure(error);
      }
    },
  });

  return (
    <PublicLayout>
      <PublicTitle>{t('auth.login.title')}</PublicTitle>
      <PublicForm onSubmit={formik.handleSubmit}>
        <KeyringNotice />
        {signedOutReason && failure === null && (
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>{t(`auth.signedOut.${signedOutReason}`)}</MessageBarBody>
          </MessageBar>
        )}
        <FailureMessage failure={failure} />
        <Field label={t('auth.fields.email')} required {...fieldError(formik, 'email', i18n)}>
          <Input {...inputProps(formik, 'email')} type="email" autoComplete="username" />
        </Field>
        <Field label={t('auth.fields.password')} required {...fieldError(formik, 'password', i18n)}>
          <Input {...inputProps(formik, 'password')} type="password" autoComplete="current-password" />
        </Field>
        <AppLink to="/forgetpsw">{t('auth.login.forgotPassword')}</AppLink>
        <SubmitButton submitting={formik.isSubmitting}>{t('auth.login.submit')}</SubmitButton>
      </PublicForm>
      <Text className={styles.center}>
        {t('auth.login.noAccount')} <AppLink to="/signup">{t('auth.login.signup')}</AppLink>
      </Text>
    </PublicLayout>
  );
}
