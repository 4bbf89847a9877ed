import type { Id } from '@atendo/shared';
import { Button, Spinner } from '@fluentui/react-components';
import { PlayCircleRegular } from '@fluentui/react-icons';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../app/toasts';
import { useShowSaveError } from '../../../components/form';
import type { IntegrationForm } from '../integration-form';
import { useTestIntegrationSessionMutation } from '../queue-integrations.api';

interface TestSessionButtonProps {
  form: FormikProps<IntegrationForm>;
  /** The integration being edited: its stored key answers for the key's mask. */
  integrationId?: Id;
}

/**
 * Tries a Dialogflow integration's project, key and language as they are in the form, saved or
 * not, by greeting its agent: a toast tells what it answered, or why it could not.
 */
export function TestSessionButton({ form, integrationId }: TestSessionButtonProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const showError = useShowSaveError();
  const [testSession, { isLoading }] = useTestIntegrationSessionMutation();

  const run = async () => {
    const errors = await form.validateForm();
    if (errors.projectName || errors.jsonContent) {
      // Show what is missing under its field, as a save would.
      void form.setTouched({ ...form.touched, projectName: true, jsonContent: true }, false);
      return;
    }
    const { projectName, jsonContent, language } = form.values;
    try {
      const answer = await testSession({ id: integrationId, projectName, jsonContent, language }).unwrap();
      notify.success(t('queueIntegrations.test.succeeded', { answer: answer.texts.join(' ') || answer.intent }));
    } catch (error) {
      showError(error, form);
    }
  };

  return (
    <Button
      icon={isLoading ? <Spinner size="tiny" /> : <PlayCircleRegular />}
      disabled={isLoading}
      onClick={() => void run()}
    >
      {t('queueIntegrations.test.run')}
    </Button>
  );
}
