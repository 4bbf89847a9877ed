import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { errorText } from '../app/errors';

/** A failure shown in the form, translated, rather than in a toast that is gone while the user retypes. */
export function FailureMessage({ failure }: { failure: unknown }) {
  const { i18n } = useTranslation();
  return (
    failure !== null && (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>{errorText(i18n, failure)}</MessageBarBody>
      </MessageBar>
    )
  );
}
