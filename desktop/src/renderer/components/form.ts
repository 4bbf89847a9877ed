import type { FieldProps } from '@fluentui/react-components';
import { type FormikErrors, type FormikHelpers, type FormikProps, getIn } from 'formik';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorText, serverFieldErrors, validationText } from '../app/errors';
import { useNotify } from '../app/toasts';

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

export type TextFieldName<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** Binds a Fluent Input or Textarea to a text field of a formik form. */
export function inputProps<V>(formik: FormikProps<V>, name: TextFieldName<V>) {
  return {
    name,
    value: formik.values[name] as string,
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
  };
}

/**
 * Binds a DateTimeFields pair to two text fields of a formik form (`date` dd/MM/yyyy, `time`
 * HH:mm): values, changes, errors, and both touched once the pair is left.
 */
export function dateTimeProps<V>(
  formik: FormikProps<V>,
  i18n: I18n,
  names: { date: TextFieldName<V>; time: TextFieldName<V> },
  labels: { date: string; time: string },
) {
  const part = (key: 'date' | 'time') => ({
    label: labels[key],
    value: formik.values[names[key]] as string,
    onChange: (value: string) => void formik.setFieldValue(names[key], value),
    ...fieldError(formik, names[key], i18n),
  });
  return {
    date: part('date'),
    time: part('time'),
    onBlur: () => void formik.setTouched({ ...formik.touched, [names.date]: true, [names.time]: true }),
  };
}

/** Reports a failed save: field errors from the server go under their fields, anything else to a toast. */
export function useShowSaveError() {
  const { i18n } = useTranslation();
  const notify = useNotify();
  return <V>(error: unknown, helpers: FormikHelpers<V>) => {
    const fields = serverFieldErrors(error);
    if (fields) helpers.setErrors(fields as FormikErrors<V>);
    else notify.error(errorText(i18n, error));
  };
}

/**
 * Runs a form dialog's save: once it succeeds, toasts `savedText` and hands the saved result to
 * `onSaved` (which closes the dialog); a failure is reported and the dialog stays open.
 */
export function useFormSave<R>(savedText: string | ((result: R) => string), onSaved: (result: R) => void) {
  const notify = useNotify();
  const showSaveError = useShowSaveError();
  return async <V>(helpers: FormikHelpers<V>, save: () => Promise<R>) => {
    try {
      const result = await save();
      notify.success(typeof savedText === 'function' ? savedText(result) : savedText);
      onSaved(result);
    } catch (error) {
      showSaveError(error, helpers);
    }
  };
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
