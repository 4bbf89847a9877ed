import { can, hasFeature, type Id } from '@atendo/shared';
import { Field, makeStyles, Select } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useAppSelector } from '../../../app/store';
import { selectSessionUser } from '../../auth/auth.slice';
import { useCompanyPlanQuery } from '../../plans/plans.api';
import { usePagePromptsInfiniteQuery } from '../../prompts/prompts.api';
import { usePageQueueIntegrationsInfiniteQuery } from '../queue-integrations.api';

interface AllPages<Page> {
  data?: { pages: Page[] };
  error?: unknown;
  isFetching: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Every page of a list, fetched one after another: a select offers all of the company's records,
 * and the unsearched list is the one the page's live changes keep current. `rows` is null until
 * the list is complete.
 */
function useWholeList<Page, Row>(query: AllPages<Page>, rowsOf: (page: Page) => Row[]) {
  const { data, error, isFetching, hasNextPage, fetchNextPage } = query;
  const more = hasNextPage && !error;
  useEffect(() => {
    if (more && !isFetching) void fetchNextPage();
  }, [more, isFetching, fetchNextPage]);
  return { rows: data && !more && !error ? data.pages.flatMap(rowsOf) : null, error };
}

const useStyles = makeStyles({
  // Each box otherwise keeps the width of its select's longest name, and runs under the next one.
  shrinks: { minWidth: 0 },
});

type AttachedField = 'integrationId' | 'promptId';

interface AttachSelectsProps {
  integrationId: Id | null;
  promptId: Id | null;
  onChange: (field: AttachedField, id: Id | null) => void;
  /** Lays the two out (side by side where they fit), when both show. */
  className?: string;
}

/**
 * A queue's or a connection's integration and AI prompt, for the admins who keep them and only
 * when the plan has the feature (the lists are theirs alone). Empty is none.
 */
export function AttachSelects({ integrationId, promptId, onChange, className }: AttachSelectsProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const user = useAppSelector(selectSessionUser);
  const { data: plan } = useCompanyPlanQuery(user?.companyId ?? 0, { skip: !user });
  const admin = can(user, 'integrations:manage');
  const withIntegrations = admin && hasFeature(plan?.plan, 'useIntegrations');
  const withPrompts = admin && hasFeature(plan?.plan, 'useOpenAi');
  const integrations = useWholeList(
    usePageQueueIntegrationsInfiniteQuery('', { skip: !withIntegrations }),
    (page) => page.queueIntegrations,
  );
  const prompts = useWholeList(usePagePromptsInfiniteQuery('', { skip: !withPrompts }), (page) => page.prompts);
  if (!withIntegrations && !withPrompts) return null;

  const select = (
    field: AttachedField,
    value: Id | null,
    none: string,
    { rows, error }: { rows: { id: Id; name: string }[] | null; error?: unknown },
  ) => (
    <Field
      className={styles.shrinks}
      label={t(`queueIntegrations.attach.${field === 'integrationId' ? 'integration' : 'prompt'}`)}
      {...(error ? { validationState: 'error', validationMessage: errorText(i18n, error) } : {})}
    >
      <Select
        className={styles.shrinks}
        select={{ className: styles.shrinks }}
        name={field}
        value={value === null ? '' : String(value)}
        // Until every option is in, the chosen one may not be among them to show (nor, on a
        // failed load, ever): the field keeps its value, unchanged, rather than look empty.
        disabled={!rows}
        onChange={(_event, data) => onChange(field, data.value ? Number(data.value) : null)}
      >
        <option value="">{none}</option>
        {rows?.map((row) => (
          <option key={row.id} value={String(row.id)}>
            {row.name}
          </option>
        ))}
      </Select>
    </Field>
  );

  return (
    <div className={className}>
      {withIntegrations &&
        select('integrationId', integrationId, t('queueIntegrations.attach.noIntegration'), integrations)}
      {withPrompts && select('promptId', promptId, t('queueIntegrations.attach.noPrompt'), prompts)}
    </div>
  );
}
