// The API's Temporal calls, counted from their start to their final status. @temporalio/client retries
// a failed call from a setTimeout that Connection.close() does not clear: a retry firing after the
// close throws "Channel has been shut down" inside its timer, an uncaught exception that ends the
// process or fails a test file (github.com/vinceblank/agent-tempo/pull/624 describes the same). Counted
// outside the retry interceptor, a call ends once its retries are over, and the gateway closes after
// the calls under way have ended.
import { type Interceptor, InterceptingCall } from '@grpc/grpc-js';
import { defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';

export class InFlightCalls {
  private active = 0;
  private idle: (() => void)[] = [];

  /** The connection's interceptors: this count around the client's own retries (its defaults). */
  interceptors(): Interceptor[] {
    return [this.counter, makeGrpcRetryInterceptor(defaultGrpcRetryOptions())];
  }

  get count() {
    return this.active;
  }

  /** Resolves once no call is under way, or after `ms` (a long poll may never end by itself). */
  settled(ms: number): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private readonly counter: Interceptor = (options, nextCall) => {
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.active--;
      if (this.active === 0) for (const wake of this.idle.splice(0)) wake();
    };
    return new InterceptingCall(nextCall(options), {
      start: (metadata, _listener, next) => {
        this.active++;
        next(metadata, {
          onReceiveStatus: (status, nextStatus) => {
            end();
            nextStatus(status);
          },
        });
      },
    });
  };
}
