import { forgotPasswordSchema, resetPasswordSchema } from '@atendo/shared';
import { Field, Input, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorBody, errorText, serverFieldErrors } from '../../../app/errors';
import { currentLanguage } from '../../../app/i18n';
import { useNotify } from '../../../app/toasts';
import { AppLink } from '../../../components/AppLink';
import { FailureMessage } from '../../../components/FailureMessage';
import { fieldError, inputProps } from '../../../components/form';
import { PublicForm, PublicTitle } from '../../../components/PublicForm';
import { SubmitButton } from '../../../components/SubmitButton';
import { useForgotPasswordMutation, useLoginMutation, useResetPasswordMutation } from '../auth.api';
import { PublicLayout } from './PublicLayout';

const useStyles = makeStyles({
  links: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS },
});

/** The server names the path's parts; the form calls them otherwise. */
const FORM_FIELD: Record<string, string> = { token: 'code', newPassword: 'password' };

/** The code an invitation's link carries in its fragment (`#code=XXXX-XXXX`), which no server sees. */
function codeOfHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('code')?.trim() ?? '';
}

/**
 * Spec 2 §2 and §4: the e-mail first; once the code is sent, the code with the new password and its
 * confirmation; then on to sign-in. The link in the e-mail opens the second step for its address.
 * An invitation's link (a new company's first admin, `invite=1`) brings its code along: the page
 * asks only for the password, and signs in with it once set.
 */
export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const companyId = params.get('companyId');
  const withCompany = (path: string) => (companyId ? `${path}?companyId=${encodeURIComponent(companyId)}` : path);
  const fromLink = params.get('email') ?? '';
  const invite = params.get('invite') === '1';
  const codeFromLink = codeOfHash(useLocation().hash);
  const [login] = useLoginMutation();
  const [email, setEmail] = useState<string | null>(
    forgotPasswordSchema.isValidSync({ email: fromLink }) ? fromLink.trim().toLowerCase() : null,
  );
  const [forgotPassword] = useForgotPasswordMutation();
  const [resetPassword] = useResetPasswordMutation();
  // The confirm step's failure stays on screen while the code is retyped, not in a 2-second toast.
  const [failure, setFailure] = useState<unknown>(null);

  const sendCode = async (address: string): Promise<boolean> => {
    try {
      const { expiresInMinutes } = await forgotPassword(address).unwrap();
      notify.success(t('auth.forgot.sent', { email: address, minutes: expiresInMinutes }));
      return true;
    } catch (error) {
      notify.error(
        errorBody(error)?.error === 'ERR_USER_DONT_EXISTS' ? t('auth.forgot.emailNotFound') : errorText(i18n, error),
      );
      return false;
    }
  };

  const request = useFormik({
    initialValues: { email: fromLink },
    validationSchema: forgotPasswordSchema,
    onSubmit: async (values) => {
      const address = forgotPasswordSchema.cast(values).email;
      if (await sendCode(address)) {
        setFailure(null);
        setEmail(address);
      }
    },
  });

  const confirm = useFormik({
    initialValues: { code: codeFromLink, password: '', confirmPassword: '' },
    validationSchema: resetPasswordSchema,
    onSubmit: async (values, helpers) => {
      if (!email) return;
      setFailure(null);
      const input = resetPasswordSchema.cast(values);
      try {
        await resetPassword({ email, code: input.code, password: input.password }).unwrap();
        if (invite) {
          // Signed in, the public routes give way to the app (PublicOnly).
          await login({ email, password: input.password, language: currentLanguage() }).unwrap();
          notify.success(t('auth.invite.success'));
          return;
        }
        notify.success(t('auth.forgot.success'));
        void navigate(withCompany('/login'));
      } catch (error) {
        const fields = serverFieldErrors(error);
        if (fields && Object.keys(fields).every((field) => field in FORM_FIELD)) {
          helpers.setErrors(
            Object.fromEntries(Object.entries(fields).map(([field, message]) => [FORM_FIELD[field], message])),
          );
        } else {
          setFailure(error);
        }
      }
    },
  });

  return (
    <PublicLayout>
      <PublicTitle>{invite ? t('auth.invite.title') : t('auth.forgot.title')}</PublicTitle>
      {email === null ? (
        <PublicForm onSubmit={request.handleSubmit}>
          <Text>{t('auth.forgot.intro')}</Text>
          <Field label={t('auth.fields.email')} required {...fieldError(request, 'email', i18n)}>
            <Input {...inputProps(request, 'email')} type="email" autoComplete="username" />
          </Field>
          <SubmitButton submitting={request.isSubmitting}>{t('auth.forgot.send')}</SubmitButton>
        </PublicForm>
      ) : (
        <PublicForm onSubmit={confirm.handleSubmit}>
          <Text>{invite ? t('auth.invite.intro', { email }) : t('auth.forgot.codeIntro', { email })}</Text>
          <FailureMessage failure={failure} />
          <Field label={t('auth.forgot.code')} required {...fieldError(confirm, 'code', i18n)}>
            <Input
              {...inputProps(confirm, 'code')}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
            />
          </Field>
          <Field
            label={t('auth.forgot.newPassword')}
            hint={t('auth.forgot.passwordRule')}
            required
            {...fieldError(confirm, 'password', i18n)}
          >
            <Input {...inputProps(confirm, 'password')} type="password" autoComplete="new-password" />
          </Field>
          <Field label={t('auth.forgot.confirmPassword')} required {...fieldError(confirm, 'confirmPassword', i18n)}>
            <Input {...inputProps(confirm, 'confirmPassword')} type="password" autoComplete="new-password" />
          </Field>
          <SubmitButton submitting={confirm.isSubmitting}>
            {invite ? t('auth.invite.submit') : t('auth.forgot.reset')}
          </SubmitButton>
          <div className={styles.links}>
            <Link as="button" type="button" onClick={() => void sendCode(email)}>
              {t('auth.forgot.resend')}
            </Link>
            <Link
              as="button"
              type="button"
              onClick={() => {
                setFailure(null);
                void request.setFieldValue('email', email);
                setEmail(null);
              }}
            >
              {t('auth.forgot.otherEmail')}
            </Link>
          </div>
        </PublicForm>
      )}
      <div className={styles.links}>
        <AppLink to={withCompany('/login')}>{t('auth.forgot.backToLogin')}</AppLink>
        <Text>
          {t('auth.login.noAccount')} <AppLink to={withCompany('/signup')}>{t('auth.login.signup')}</AppLink>
        </Text>
      </div>
    </PublicLayout>
  );
}
