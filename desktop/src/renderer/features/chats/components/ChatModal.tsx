import { type Chat, CHAT_TITLE_MAX, type ChatInput, chatSchema } from '@atendo/shared';
import {
  Avatar,
  Field,
  Input,
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
} from '@fluentui/react-components';
import { type FormikErrors, useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, serverFieldErrors } from '../../../app/errors';
import { useAppSelector } from '../../../app/store';
import { useNotify } from '../../../app/toasts';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps } from '../../../components/form';
import { selectSessionUser } from '../../auth/auth.slice';
import { useListUserOptionsQuery } from '../../users/users.api';
import { useCreateChatMutation, useUpdateChatMutation } from '../chats.api';

interface ChatModalProps {
  /** The chat to edit, or null to start one. */
  chat: Chat | null;
  onClose: () => void;
  onSaved: (chat: Chat) => void;
}

/**
 * Starts a chat or changes one (its owner only): the title and who else takes part. The user
 * saving is always a member, so they are not among the choices.
 */
export function ChatModal({ chat, onClose, onSaved }: ChatModalProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const me = useAppSelector(selectSessionUser)?.id;
  const { data: users = [], isLoading } = useListUserOptionsQuery();
  const [createChat] = useCreateChatMutation();
  const [updateChat] = useUpdateChatMutation();
  const [search, setSearch] = useState('');

  const formik = useFormik<ChatInput>({
    initialValues: {
      title: chat?.title ?? '',
      users: (chat?.users ?? []).filter((m) => m.userId !== me).map((m) => ({ id: m.userId })),
    },
    validationSchema: chatSchema,
    onSubmit: async (values, helpers) => {
      const input = chatSchema.cast(values);
      try {
        const saved = chat
          ? await updateChat({ id: chat.id, changes: input }).unwrap()
          : await createChat(input).unwrap();
        notify.success(t('chats.saved'));
        onSaved(saved);
      } catch (failure) {
        const fields = serverFieldErrors(failure);
        if (!fields) {
          notify.error(errorText(i18n, failure));
          return;
        }
        // A member the server refuses (`users[2].id`) is reported on the members field.
        const errors: Record<string, unknown> = {};
        for (const [field, message] of Object.entries(fields))
          errors[field.startsWith('users') ? 'users' : field] = message;
        helpers.setErrors(errors as FormikErrors<ChatInput>);
      }
    },
  });

  const names = new Map<number, string>([
    ...(chat?.users ?? []).map((m) => [m.userId, m.user.name] as const),
    ...users.map((u) => [u.id, u.name] as const),
  ]);
  const selected = formik.values.users.map((u) => String(u.id));
  const needle = search.trim().toLowerCase();
  const options = users.filter(
    (u) => u.id !== me && !selected.includes(String(u.id)) && (!needle || u.name.toLowerCase().includes(needle)),
  );

  return (
    <FormDialog title={chat ? t('chats.modal.editTitle') : t('chats.modal.addTitle')} form={formik} onClose={onClose}>
      <Field label={t('chats.fields.title')} required {...fieldError(formik, 'title', i18n)}>
        <Input {...inputProps(formik, 'title')} maxLength={CHAT_TITLE_MAX} />
      </Field>
      <Field
        label={t('chats.fields.users')}
        required
        hint={t('chats.fields.usersHint')}
        {...fieldError(formik, 'users', i18n)}
      >
        <TagPicker
          selectedOptions={selected}
          onOptionSelect={(_event, data) => {
            setSearch('');
            void formik.setFieldValue(
              'users',
              data.selectedOptions.map((id) => ({ id: Number(id) })),
            );
            void formik.setFieldTouched('users', true, false);
          }}
        >
          <TagPickerControl>
            <TagPickerGroup aria-label={t('chats.fields.users')}>
              {selected.map((id) => {
                const name = names.get(Number(id)) ?? id;
                return (
                  <Tag
                    key={id}
                    value={id}
                    shape="rounded"
                    media={<Avatar name={name} color="colorful" aria-hidden />}
                    dismissIcon={{ 'aria-label': t('chats.fields.removeUser', { name }) }}
                  >
                    {name}
                  </Tag>
                );
              })}
            </TagPickerGroup>
            <TagPickerInput
              aria-label={t('chats.fields.users')}
              placeholder={selected.length ? undefined : t('chats.fields.usersPlaceholder')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </TagPickerControl>
          <TagPickerList>
            {options.length > 0
              ? options.map((user) => (
                  <TagPickerOption
                    key={user.id}
                    value={String(user.id)}
                    text={user.name}
                    media={<Avatar name={user.name} color="colorful" aria-hidden />}
                  >
                    {user.name}
                  </TagPickerOption>
                ))
              : !isLoading && (needle ? t('chats.fields.noMatch') : t('chats.fields.noUsers'))}
          </TagPickerList>
        </TagPicker>
      </Field>
    </FormDialog>
  );
}
