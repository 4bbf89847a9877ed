import type { Id } from '@atendo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../app/hooks';
import { SearchCombobox } from '../../../components/SearchCombobox';
import { usePageFlowsInfiniteQuery } from '../flows.api';

/** The flow search waits this long after the last key, like the lists' searches. */
const FLOW_SEARCH_DEBOUNCE_MS = 500;

interface FlowPickerProps {
  /** The chosen flow's name, shown when the dialog opens. */
  initialName: string;
  onSelect: (id: Id | null) => void;
}

/**
 * A flow of the company, searched by name (GET /flowbuilder answers 20 a page, so a plain select
 * could miss one): the flow a phrase or a flowbuilder integration starts.
 */
export function FlowPicker({ initialName, onSelect }: FlowPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialName);
  const search = useDebouncedValue(text.trim().toLowerCase(), FLOW_SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = usePageFlowsInfiniteQuery(search);
  const options = (data?.pages ?? []).flatMap((page) => page.flows).map((flow) => ({ id: flow.id, text: flow.name }));
  return (
    <SearchCombobox
      placeholder={t('flows.picker.placeholder')}
      text={text}
      onTextChange={setText}
      onSelect={onSelect}
      searching={isFetching}
      options={options}
    />
  );
}
