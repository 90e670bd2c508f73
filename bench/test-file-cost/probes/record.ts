// A probe's CPU (this jest worker process) and wall time since its file started loading, one JSON line
// in TEST_COST_OUT: called by the probe's last afterAll, once what it started is closed.
import fs from 'node:fs';

export function record(probe: string) {
  const start = (globalThis as { __probeStart?: { cpu: NodeJS.CpuUsage; wall: number } }).__probeStart!;
  const cpu = process.cpuUsage(start.cpu);
  const line = { probe, cpuMs: Math.round((cpu.user + cpu.system) / 1000), wallMs: Math.round(performance.now() - start.wall) };
  fs.appendFileSync(process.env.TEST_COST_OUT!, `${JSON.stringify(line)}\n`);
}
