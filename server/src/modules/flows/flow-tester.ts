import { Injectable } from '@nestjs/common';
import type { FlowTestInput, FlowTestResult } from '@atendo/shared';
import { answerFlow, resumeFlow, startFlow } from './flow-engine.js';
import { assertRunnable } from './flows.service.js';

/**
 * The editor's Test panel: the draft, checked as a save would check it, run by the same executors
 * as customers' conversations, with nothing stored and nothing sent. Waits are shown, not waited;
 * a bot block stands for its bot's whole conversation, after which the test goes on.
 */
@Injectable()
export class FlowTester {
  run(input: FlowTestInput): FlowTestResult {
    const graph = { nodes: input.nodes, connections: input.connections };
    assertRunnable(graph);
    if (!input.position || input.position.done) return startFlow(graph);
    if (input.position.waiting === 'bot') return resumeFlow(graph, input.position);
    return answerFlow(graph, input.position, input.text ?? '');
  }
}
