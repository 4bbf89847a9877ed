import {
  addRecurrence,
  type Company,
  companyCreateSchema,
  companySchema,
  type CreatedCompany,
  type Language,
  LANGUAGES,
  RECURRENCES,
  type Recurrence,
  settingValue,
} from '@atendo/shared';
import { Button, Field, Input, makeStyles, Select, Switch, tokens } from '@fluentui/react-components';
import { CalendarAddRegular } from '@fluentui/react-icons';
import { endOfDay, format, isValid, parse } from 'date-fns';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { useNotify } from '../../../app/toasts';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { useListAllPlansQuery } from '../../plans/plans.api';
import { type CompanyPayload, useCreateCompanyMutation, useUpdateCompanyMutation } from '../companies.api';

const useStyles = makeStyles({
  surface: { maxWidth: '680px', width: '100%' },
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: tokens.spacingVerticalM },
  dueDate: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  dueInput: { flexGrow: 1, minWidth: 0 },
  extend: { flexShrink: 0, whiteSpace: 'nowrap' },
});

interface CompanyForm {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: string;
  status: boolean;
  /** An ISO instant, or '' for no due date. */
  dueDate: string;
  recurrence: Recurrence;
  campaignsEnabled: boolean;
  /** The first admin's language: their invitation e-mail is written in it. */
  language: Language;
}

/** The date input shows the due date's calendar day where the user is. */
function toDateInput(iso: string): string {
  return iso ? format(new Date(iso), 'yyyy-MM-dd') : '';
}

/** A day picked in the date input lasts until its end, where the user is. */
function fromDateInput(value: string): string {
  const day = parse(value, 'yyyy-MM-dd', new Date());
  return value && isValid(day) ? endOfDay(day).toISOString() : '';
}

interface CompanyModalProps {
  /** The company to edit, or null to create one (with its first admin). */
  company: Company | null;
  onClose: () => void;
}

export function CompanyModal({ company, onClose }: CompanyModalProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const plans = useListAllPlansQuery();
  const [createCompany] = useCreateCompanyMutation();
  const [updateCompany] = useUpdateCompanyMutation();
  const schema = company ? companySchema : companyCreateSchema;
  const notify = useNotify();

  // Created without a password: the first admin was e-mailed an invitation to set one (or, if the
  // mail failed, can ask for a code at "forgot password"), and the super-admin is told which.
  const save = useFormSave(t('settings.companies.saved'), (saved: CreatedCompany | null) => {
    if (saved?.invitationSent === true) notify.success(t('settings.companies.invitation.sent', { email: saved.email }));
    if (saved?.invitationSent === false)
      notify.error(t('settings.companies.invitation.failed', { email: saved.email }));
    onClose();
  });
  const formik = useFormik<CompanyForm>({
    initialValues: {
      name: company?.name ?? '',
      email: company?.email ?? '',
      phone: company?.phone ?? '',
      password: '',
      planId: company ? String(company.planId) : '',
      status: company?.status ?? true,
      dueDate: company?.dueDate ?? '',
      recurrence: company?.recurrence ?? 'MENSAL',
      campaignsEnabled: settingValue(company?.settings, 'campaignsEnabled') === 'true',
      language: currentLanguage(),
    },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const changes: CompanyPayload = {
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || null,
        planId: Number(values.planId),
        status: values.status,
        dueDate: values.dueDate,
        recurrence: values.recurrence,
        campaignsEnabled: values.campaignsEnabled,
        ...(company ? {} : values.password ? { password: values.password } : { language: values.language }),
      };
      await save(helpers, async () => {
        if (company) {
          await updateCompany({ id: company.id, changes }).unwrap();
          return null;
        }
        return createCompany(changes).unwrap();
      });
    },
  });

  /** Spec §4: the Expire action moves the due date forward by one period of the recurrence. */
  const extend = () => {
    const from = formik.values.dueDate ? new Date(formik.values.dueDate) : new Date();
    void formik.setFieldValue('dueDate', addRecurrence(from, formik.values.recurrence).toISOString());
  };

  return (
    <FormDialog
      title={company ? t('settings.companies.modal.editTitle') : t('settings.companies.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
      contentClassName={styles.form}
    >
      <Field label={t('settings.companies.fields.name')} required {...fieldError(formik, 'name', i18n)}>
        <Input {...inputProps(formik, 'name')} />
      </Field>
      <Field
        label={t('settings.companies.fields.email')}
        hint={company ? undefined : t('settings.companies.emailHint')}
        required
        {...fieldError(formik, 'email', i18n)}
      >
        <Input {...inputProps(formik, 'email')} type="email" />
      </Field>
      <Field label={t('settings.companies.fields.phone')} {...fieldError(formik, 'phone', i18n)}>
        <Input {...inputProps(formik, 'phone')} type="tel" />
      </Field>
      {!company && (
        <Field
          label={t('settings.companies.fields.password')}
          hint={t('settings.companies.passwordHint')}
          {...fieldError(formik, 'password', i18n)}
        >
          <Input {...inputProps(formik, 'password')} type="password" autoComplete="new-password" />
        </Field>
      )}
      {!company && !formik.values.password && (
        <Field
          label={t('settings.companies.fields.language')}
          hint={t('settings.companies.languageHint')}
          {...fieldError(formik, 'language', i18n)}
        >
          <Select name="language" value={formik.values.language} onChange={formik.handleChange}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`common.languages.${language}`)}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label={t('settings.companies.fields.plan')} required {...fieldError(formik, 'planId', i18n)}>
        <Select name="planId" value={formik.values.planId} onChange={formik.handleChange} onBlur={formik.handleBlur}>
          <option value="" disabled>
            {t('settings.companies.choosePlan')}
          </option>
          {(plans.data ?? []).map((plan) => (
            <option key={plan.id} value={String(plan.id)}>
              {plan.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('settings.companies.fields.recurrence')} {...fieldError(formik, 'recurrence', i18n)}>
        <Select name="recurrence" value={formik.values.recurrence} onChange={formik.handleChange}>
          {RECURRENCES.map((recurrence) => (
            <option key={recurrence} value={recurrence}>
              {t(`settings.companies.recurrences.${recurrence}`)}
            </option>
          ))}
        </Select>
      </Field>
      <div className={styles.dueDate}>
        <Field
          className={styles.dueInput}
          label={t('settings.companies.fields.dueDate')}
          hint={formik.values.dueDate ? undefined : t('settings.companies.noDueDate')}
          {...fieldError(formik, 'dueDate', i18n)}
        >
          <Input
            type="date"
            value={toDateInput(formik.values.dueDate)}
            onChange={(_event, data) => void formik.setFieldValue('dueDate', fromDateInput(data.value))}
          />
        </Field>
        <Button
          className={styles.extend}
          icon={<CalendarAddRegular />}
          onClick={extend}
          title={t('settings.companies.extendHint')}
        >
          {t('settings.companies.extend')}
        </Button>
      </div>
      <Switch
        label={t('settings.companies.fields.status')}
        checked={formik.values.status}
        disabled={company?.isPlatform}
        onChange={(_event, data) => void formik.setFieldValue('status', data.checked)}
      />
      <Switch
        label={t('settings.companies.fields.campaignsEnabled')}
        checked={formik.values.campaignsEnabled}
        onChange={(_event, data) => void formik.setFieldValue('campaignsEnabled', data.checked)}
      />
    </FormDialog>
  );
}
