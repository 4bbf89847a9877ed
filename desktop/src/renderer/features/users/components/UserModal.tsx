import {
  ALL_TICKET_VALUES,
  can,
  PROFILES,
  type User,
  type UserInput,
  userCreateSchema,
  userUpdateSchema,
} from '@atendo/shared';
import { Dropdown, Field, Input, makeStyles, Option, Select, Switch, tokens } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/store';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { selectSessionUser } from '../../auth/auth.slice';
import { useListQueuesQuery } from '../../queues/queues.api';
import { useCreateUserMutation, useUpdateUserMutation } from '../users.api';

const useStyles = makeStyles({
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    borderRadius: '50%',
    marginRight: tokens.spacingHorizontalS,
  },
});

interface UserModalProps {
  /** The user to edit, or null to create one. */
  user: User | null;
  onClose: () => void;
}

/**
 * Create or edit a user. Profile, queues and ticket visibility appear only for those allowed to
 * change them, which also makes this the "edit my profile" dialog of a plain user.
 */
export function UserModal({ user, onClose }: UserModalProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const me = useAppSelector(selectSessionUser);
  const canEditProfile = can(me, 'user-modal:editProfile');
  const canEditQueues = can(me, 'user-modal:editQueues');
  const queues = useListQueuesQuery(undefined, { skip: !canEditQueues });
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const schema = user ? userUpdateSchema : userCreateSchema;
  const isSelf = !!user && user.id === me?.id;

  const save = useFormSave(t('users.saved'), onClose);
  const formik = useFormik({
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      profile: user?.profile ?? 'user',
      allTicket: user?.allTicket ?? 'desabled',
      queueIds: user?.queues.map((q) => q.id) ?? [],
    },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const input: UserInput = { name: values.name.trim(), email: values.email.trim().toLowerCase() };
      if (values.password) input.password = values.password;
      if (canEditProfile) input.profile = values.profile;
      if (canEditQueues) {
        input.queueIds = values.queueIds;
        input.allTicket = values.allTicket;
      }
      await save(helpers, async () => {
        if (user) await updateUser({ id: user.id, changes: input }).unwrap();
        else await createUser(input).unwrap();
      });
    },
  });

  const selectedQueues = (queues.data ?? []).filter((q) => formik.values.queueIds.includes(q.id));
  const title = isSelf ? t('users.modal.profileTitle') : user ? t('users.modal.editTitle') : t('users.modal.addTitle');

  return (
    <FormDialog title={title} form={formik} onClose={onClose}>
      <Field label={t('users.fields.name')} required {...fieldError(formik, 'name', i18n)}>
        <Input {...inputProps(formik, 'name')} />
      </Field>
      <Field label={t('users.fields.email')} required {...fieldError(formik, 'email', i18n)}>
        <Input {...inputProps(formik, 'email')} type="email" />
      </Field>
      <Field
        label={t('users.fields.password')}
        required={!user}
        hint={user ? t('users.modal.passwordHint') : undefined}
        {...fieldError(formik, 'password', i18n)}
      >
        <Input {...inputProps(formik, 'password')} type="password" autoComplete="new-password" />
      </Field>
      {canEditProfile && (
        <Field label={t('users.fields.profile')} {...fieldError(formik, 'profile', i18n)}>
          <Select name="profile" value={formik.values.profile} onChange={formik.handleChange}>
            {PROFILES.map((profile) => (
              <option key={profile} value={profile}>
                {t(`users.profiles.${profile}`)}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {canEditQueues && (
        <>
          <Field label={t('users.fields.queues')} {...fieldError(formik, 'queueIds', i18n)}>
            <Dropdown
              multiselect
              placeholder={t('users.modal.queuesPlaceholder')}
              value={selectedQueues.map((q) => q.name).join(', ')}
              selectedOptions={formik.values.queueIds.map(String)}
              onOptionSelect={(_event, data) => void formik.setFieldValue('queueIds', data.selectedOptions.map(Number))}
            >
              {(queues.data ?? []).map((queue) => (
                <Option key={queue.id} value={String(queue.id)} text={queue.name}>
                  <span className={styles.swatch} style={{ backgroundColor: queue.color }} aria-hidden />
                  {queue.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Switch
            label={t('users.fields.allTicket')}
            checked={formik.values.allTicket === ALL_TICKET_VALUES[0]}
            onChange={(_event, data) =>
              void formik.setFieldValue('allTicket', data.checked ? ALL_TICKET_VALUES[0] : ALL_TICKET_VALUES[1])
            }
          />
        </>
      )}
    </FormDialog>
  );
}
