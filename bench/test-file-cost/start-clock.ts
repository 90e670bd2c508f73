// Runs before each probe file's modules load: its costs are measured from here (bench/test-file-cost.ts).
(globalThis as { __probeStart?: unknown }).__probeStart = { cpu: process.cpuUsage(), wall: performance.now() };
