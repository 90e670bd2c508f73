// Keeps one child process running, as systemd's Restart=on-failure would: a child that exits is
// started again after a back-off that doubles from 1 s to 30 s, reset once a child has run healthy
// for a minute; every death, restart and restarted child's readiness is said in one line. `stop()` ends it for good.
import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { stopChild } from './temporal-dev-server';

export interface SupervisorOptions {
  /** 'API', 'worker': how the lines name the child */
  name: string;
  spawn: () => ChildProcess;
  say: (line: string) => void;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** a child that ran this long counts as healthy: the next restart waits initialDelayMs again */
  healthyAfterMs?: number;
}

/**
 * Events: 'ready' (a child sent 'ready' over IPC), 'exit' (code, signal), 'restart' (restarts so far).
 * Children report readiness with `process.send('ready')`, so spawn them with an 'ipc' stdio slot.
 */
export class Supervisor extends EventEmitter {
  child: ChildProcess;
  restarts = 0;
  /** whether the current child has reported ready */
  isReady = false;
  private failures = 0;
  private startedAt = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly healthyAfterMs: number;

  constructor(private readonly options: SupervisorOptions) {
    super();
    this.initialDelayMs = options.initialDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.healthyAfterMs = options.healthyAfterMs ?? 60_000;
    this.child = this.launch();
  }

  /** Resolves when the current child, or the next one, reports ready. */
  ready(): Promise<void> {
    if (this.isReady) return Promise.resolve();
    return new Promise((resolve) => this.once('ready', () => resolve()));
  }

  /** Stops the child (SIGTERM, then SIGKILL after 10 s) and cancels any pending restart. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await stopChild(this.child);
  }

  private launch(): ChildProcess {
    const child = this.options.spawn();
    this.startedAt = Date.now();
    this.isReady = false;
    child.on('message', (m) => {
      if (m !== 'ready') return;
      this.isReady = true;
      // how long the restarted child took to come back: what a crash cost
      if (this.restarts > 0)
        this.options.say(`the ${this.options.name} is ready again after ${seconds(Date.now() - this.startedAt)} (restart ${this.restarts})`);
      this.emit('ready');
    });
    child.once('exit', (code, signal) => {
      this.isReady = false;
      this.exited(code, signal);
    });
    return child;
  }

  private exited(code: number | null, signal: NodeJS.Signals | null) {
    this.emit('exit', code, signal);
    if (this.stopped) return;
    const ran = Date.now() - this.startedAt;
    if (ran >= this.healthyAfterMs) this.failures = 0;
    const delay = Math.min(this.maxDelayMs, this.initialDelayMs * 2 ** this.failures);
    this.failures++;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    this.options.say(`the ${this.options.name} exited (${how}) after ${seconds(ran)}; restarting it in ${seconds(delay)}`);
    this.timer = setTimeout(() => {
      this.restarts++;
      this.child = this.launch();
      this.options.say(`the ${this.options.name} restarted (restart ${this.restarts})`);
      this.emit('restart', this.restarts);
    }, delay);
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
