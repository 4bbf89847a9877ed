import type { Prompt, PromptsPage as Page } from '@atendo/shared';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { useDeletePromptMutation, usePagePromptsInfiniteQuery } from '../prompts.api';
import { PromptModal } from './PromptModal';

const promptsOf = (page: Page) => page.prompts;

/** /prompts: the company's AI agents, each answering in one queue; its admins keep them. */
export function PromptsPage() {
  const { t } = useTranslation();
  const columns: ListColumn<Prompt>[] = [
    { key: 'name', label: t('prompts.fields.name'), cell: (prompt) => prompt.name },
    { key: 'queue', label: t('prompts.fields.queue'), cell: (prompt) => prompt.queue?.name ?? '' },
    { key: 'maxTokens', label: t('prompts.fields.maxTokens'), width: '160px', cell: (prompt) => prompt.maxTokens },
  ];
  return (
    <ListPage
      title={t('prompts.title')}
      layout="page"
      useQuery={usePagePromptsInfiniteQuery}
      rowsOf={promptsOf}
      columns={columns}
      addLabel={t('prompts.add')}
      dialog={(prompt, close) => <PromptModal prompt={prompt} onClose={close} />}
      edit={{ label: (prompt) => t('prompts.editNamed', { name: prompt.name }), permission: 'integrations:manage' }}
      remove={{
        useMutation: useDeletePromptMutation,
        permission: 'integrations:manage',
        label: (prompt) => t('prompts.deleteNamed', { name: prompt.name }),
        title: (prompt) => t('prompts.deleteTitle', { name: prompt.name }),
        message: t('prompts.deleteMessage'),
        deleted: t('prompts.deleted'),
      }}
      empty={t('prompts.empty')}
      noMatches={t('prompts.noMatches')}
    />
  );
}
