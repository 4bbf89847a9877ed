import type { FieldProps } from '@fluentui/react-components';
import { type FormikProps, getIn } from 'formik';
import type { i18n as I18n } from 'i18next';
import { validationText } from '../app/errors';

/**
 * The Fluent Field props for one formik field: its translated error once the field was touched or
 * the form submitted (server-side field errors arrive after a submit, so they show at once).
 */
export function fieldError<V>(
  formik: FormikProps<V>,
  name: string,
  i18n: I18n,
): Pick<FieldProps, 'validationState' | 'validationMessage'> {
  const shown = getIn(formik.touched, name) || formik.submitCount > 0;
  const message = shown ? validationText(i18n, getIn(formik.errors, name)) : undefined;
  return message ? { validationState: 'error', validationMessage: message } : {};
}

/**
 * For a form's submit button. Pressing it would first blur the field being typed in, whose error
 * then appears and pushes the button down before the mouse is released: the click lands beside it
 * and nothing is sent. Keeping the focus where it is on mousedown keeps the layout still until the
 * click (keyboard submission is unaffected).
 */
export const submitKeepsFocus = {
  onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
};
