import { Global, Module, type DynamicModule } from '@nestjs/common';
import {
  INBOUND_SINK,
  type InboundCall,
  type InboundMessage,
  type InboundSink,
  type MessageChange,
} from '../../src/modules/gateway/gateway.types.js';

/** An inbound sink that records what the gateway hands the pipeline, for the gateway's own tests. */
export class RecordingSink implements InboundSink {
  readonly messages: InboundMessage[] = [];
  readonly changes: MessageChange[] = [];
  readonly calls: InboundCall[] = [];
  private waiters: (() => void)[] = [];

  async message(message: InboundMessage): Promise<void> {
    this.messages.push(message);
    this.wake();
  }

  async change(change: MessageChange): Promise<void> {
    this.changes.push(change);
    this.wake();
  }

  async call(call: InboundCall): Promise<void> {
    this.calls.push(call);
    this.wake();
  }

  /** Resolves once `check` holds, re-checked on every recorded event; rejects after `ms`. */
  until<T>(check: () => T | undefined | false, ms = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`condition not met within ${ms} ms`)), ms);
      const test = () => {
        const value = check();
        if (value) {
          clearTimeout(timer);
          resolve(value);
          return true;
        }
        return false;
      };
      if (test()) return;
      const waiter = () => {
        if (!test()) this.waiters.push(waiter);
      };
      this.waiters.push(waiter);
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}

/** A module providing INBOUND_SINK with `sink`, passed to startTestApp's `extraModules`. */
export function recordingSinkModule(sink: RecordingSink): DynamicModule {
  @Global()
  @Module({})
  class RecordingSinkModule {}
  return {
    module: RecordingSinkModule,
    providers: [{ provide: INBOUND_SINK, useValue: sink }],
    exports: [INBOUND_SINK],
  };
}
