import { Injectable } from '@nestjs/common';

/**
 * Where this process is in its life, for the readiness probe: once draining (a graceful shutdown
 * has begun), GET /health/ready answers 503 so load balancers stop sending it work while what it
 * holds finishes.
 */
@Injectable()
export class Lifecycle {
  draining = false;

  /** Called when the shutdown begins; there is no way back. */
  startDraining(): void {
    this.draining = true;
  }
}
