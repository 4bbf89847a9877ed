import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { Lifecycle } from './lifecycle.js';

/** The probes, and the Lifecycle any module may tell that the process is draining. */
@Global()
@Module({ controllers: [HealthController], providers: [Lifecycle], exports: [Lifecycle] })
export class HealthModule {}
