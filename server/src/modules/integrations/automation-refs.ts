import { V, type FieldError } from '@atendo/shared';
import type { EntityManager } from 'typeorm';
import { DomainError } from '../../common/domain-error.js';
import { PromptEntity } from '../ai/entities/prompt.entity.js';
import { QueueIntegrationEntity } from './entities/queue-integration.entity.js';

/**
 * The prompt and integration a queue or connection is given must be its company's: another
 * company's id is refused like an unknown one (400 `validation.oneOf` on the field), so it is never
 * stored where a runtime could later follow it.
 */
export async function assertOwnAutomations(
  em: EntityManager,
  companyId: number,
  refs: { promptId?: number | null; integrationId?: number | null },
): Promise<void> {
  const problems: FieldError[] = [];
  if (refs.promptId && !(await em.existsBy(PromptEntity, { id: refs.promptId, companyId }))) {
    problems.push({ field: 'promptId', message: V.oneOf });
  }
  if (refs.integrationId && !(await em.existsBy(QueueIntegrationEntity, { id: refs.integrationId, companyId }))) {
    problems.push({ field: 'integrationId', message: V.oneOf });
  }
  if (problems.length) throw new DomainError('ERR_VALIDATION', { fields: problems });
}
