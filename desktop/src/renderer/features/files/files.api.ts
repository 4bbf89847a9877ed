import type { CompanyEventPayloads, FileList, FileListInput, FileListsPage, Id } from '@atendo/shared';
import { api, succeeded } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { mergePagedChange, type PagedChange, type PagedRows } from '../../components/paged-cache';

/** A file for an option of a list, to upload. */
export interface OptionFile {
  optionId: Id;
  file: File;
}

export const filesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The files page: 20 lists a page by name; the argument is the search text. */
    pageFileLists: build.infiniteQuery<FileListsPage, string, number>({
      query: ({ queryArg, pageParam }) => ({ url: '/files', params: { searchParam: queryArg, pageNumber: pageParam } }),
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
    }),
    createFileList: build.mutation<FileList, FileListInput>({
      query: (body) => ({ url: '/files', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyFileListEvent({ action: 'create', files: data }));
      },
    }),
    updateFileList: build.mutation<FileList, { id: Id; changes: FileListInput }>({
      query: ({ id, changes }) => ({ url: `/files/${id}`, method: 'PUT', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyFileListEvent({ action: 'update', files: data }));
      },
    }),
    deleteFileList: build.mutation<void, Id>({
      query: (id) => ({ url: `/files/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        dispatch(applyFileListEvent({ action: 'delete', fileId: id }));
      },
    }),
    /** Each file with the option it belongs to, in the order the existing clients send them. */
    uploadFileListFiles: build.mutation<FileList, { id: Id; files: OptionFile[] }>({
      query: ({ id, files }) => {
        const body = new FormData();
        body.append('fileId', String(id));
        body.append('typeArch', 'fileList');
        for (const { optionId, file } of files) {
          body.append('files', file, file.name);
          body.append('mediaType', file.type);
          body.append('name', file.name);
          body.append('id', String(optionId));
        }
        return { url: `/files/uploadList/${id}`, method: 'POST', body };
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await succeeded(queryFulfilled);
        if (!answer) return;
        const { data } = answer;
        dispatch(applyFileListEvent({ action: 'update', files: data }));
      },
    }),
    /**
     * An option's file, fetched with the session (it has no public URL), as an object URL the
     * caller opens or saves and then revokes.
     */
    fileListOptionContent: build.mutation<string, { id: Id; optionId: Id }>({
      query: ({ id, optionId }) => ({
        url: `/files/${id}/options/${optionId}/content`,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
  }),
});

const fileLists: PagedRows<FileListsPage, FileList> = {
  rowsOf: (page) => page.files,
  matches: (list, search) => !search || list.name.toLowerCase().includes(search.toLowerCase()),
  order: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
};

/** Writes a file list change (a live event, or our own save) into every cached search of the page. */
export function applyFileListEvent(event: CompanyEventPayloads['file']): AppThunk {
  return (dispatch, getState) => {
    const change: PagedChange<FileList> =
      event.action === 'delete' ? { action: 'delete', id: event.fileId } : { action: event.action, row: event.files };
    for (const search of filesApi.util.selectCachedArgsForQuery(getState(), 'pageFileLists')) {
      dispatch(
        filesApi.util.updateQueryData('pageFileLists', search, (draft) =>
          mergePagedChange(draft, change, fileLists, search),
        ),
      );
    }
  };
}

export const {
  usePageFileListsInfiniteQuery,
  useCreateFileListMutation,
  useUpdateFileListMutation,
  useDeleteFileListMutation,
  useUploadFileListFilesMutation,
  useFileListOptionContentMutation,
} = filesApi;
