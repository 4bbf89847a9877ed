import type { FlowEdge, FlowNode, FlowTestInput, FlowTestResult, FlowWithGraph, Id } from '@atendo/shared';
import { api } from '../../app/api';

/** The editor's calls (spec 2 §7 "Flow builder"); the flows list keeps its own. */
export const flowEditorApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The flow with its latest drawing (`flow.flow` null while none was saved). */
    loadFlowDrawing: build.query<FlowWithGraph, Id>({
      query: (id) => `/flowbuilder/flow/${id}`,
      transformResponse: (answer: { flow: FlowWithGraph }) => answer.flow,
    }),
    saveFlowDrawing: build.mutation<FlowWithGraph, { idFlow: Id; nodes: FlowNode[]; connections: FlowEdge[] }>({
      query: (body) => ({ url: '/flowbuilder/flow', method: 'POST', body }),
      transformResponse: (answer: { flow: FlowWithGraph }) => answer.flow,
      async onQueryStarted({ idFlow }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(flowEditorApi.util.upsertQueryData('loadFlowDrawing', idFlow, data));
        } catch {
          // The page reports the failure.
        }
      },
    }),
    /** Runs a draft as a customer's conversation would, sending nothing to anyone. */
    testFlowDrawing: build.mutation<FlowTestResult, FlowTestInput>({
      query: (body) => ({ url: '/flowbuilder/test', method: 'POST', body }),
    }),
  }),
});

export const { useLoadFlowDrawingQuery, useSaveFlowDrawingMutation, useTestFlowDrawingMutation } = flowEditorApi;
