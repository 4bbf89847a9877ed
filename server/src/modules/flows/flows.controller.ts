import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  flowIdSchema,
  flowNameSchema,
  flowRenameSchema,
  flowSaveSchema,
  flowTestSchema,
  type FlowGraph,
  type FlowTestInput,
} from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { FlowTester } from './flow-tester.js';
import { FlowsService } from './flows.service.js';

const id = new IdPipe('ERR_NOT_FOUND');

/** The flow builder (spec 2 §7 Flow builder), for the company's admins. */
@Controller('flowbuilder')
@RequirePermission('flows:manage')
export class FlowsController {
  constructor(
    private readonly flows: FlowsService,
    private readonly tester: FlowTester,
  ) {}

  @Get()
  page(@CurrentUser() auth: AuthUser, @Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.flows.page(auth, query);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(new YupPipe(flowNameSchema)) input: { name: string }) {
    return this.flows.create(auth, input.name);
  }

  @Put()
  rename(@CurrentUser() auth: AuthUser, @Body(new YupPipe(flowRenameSchema)) input: { flowId: number; name: string }) {
    return this.flows.rename(auth, input.flowId, input.name);
  }

  @Delete(':id')
  remove(@CurrentUser() auth: AuthUser, @Param('id', id) flowId: number) {
    return this.flows.remove(auth, flowId);
  }

  @Post('duplicate')
  duplicate(@CurrentUser() auth: AuthUser, @Body(new YupPipe(flowIdSchema)) input: { flowId: number }) {
    return this.flows.duplicate(auth, input.flowId);
  }

  @Get('flow/:id')
  withGraph(@CurrentUser() auth: AuthUser, @Param('id', id) flowId: number) {
    return this.flows.withGraph(auth, flowId);
  }

  /** Publishes the drawing as the flow's next version. */
  @Post('flow')
  @HttpCode(200)
  save(@CurrentUser() auth: AuthUser, @Body(new YupPipe(flowSaveSchema)) input: FlowGraph & { idFlow: number }) {
    return this.flows.save(auth, input.idFlow, { nodes: input.nodes, connections: input.connections });
  }

  /** Runs a draft against a sandbox customer (the Test panel): nothing is stored or sent. */
  @Post('test')
  @HttpCode(200)
  test(@Body(new YupPipe(flowTestSchema)) input: FlowTestInput) {
    return this.tester.run(input);
  }

  /** Multipart, one image under `medias`. */
  @Post('img')
  img(@CurrentUser() auth: AuthUser, @Req() request: FastifyRequest) {
    return this.flows.upload(auth, 'img', request);
  }

  /** Multipart, one audio under `medias`. */
  @Post('audio')
  audio(@CurrentUser() auth: AuthUser, @Req() request: FastifyRequest) {
    return this.flows.upload(auth, 'audio', request);
  }

  /** Multipart, one video under `medias`. */
  @Post('video')
  video(@CurrentUser() auth: AuthUser, @Req() request: FastifyRequest) {
    return this.flows.upload(auth, 'video', request);
  }

  /** Multipart, a content block's files under `medias`. */
  @Post('content')
  content(@CurrentUser() auth: AuthUser, @Req() request: FastifyRequest) {
    return this.flows.upload(auth, 'content', request);
  }
}
