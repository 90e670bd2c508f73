#!/usr/bin/env python3
"""Where a run's CPU goes, by kind of process (jest workers, Chromium, the Temporal dev server, the
test worker, PostgreSQL ...): samples every process's user + system time once a second and, when
stopped (SIGTERM or SIGINT), writes each kind's total, largest first. A process that lives less than
a second between two samples is missed; the long-lived ones that carry a run are all counted.

    python3 tools/ci/cpu-by-process.py /tmp/run.cpu &   # then the run, e.g. bash .ci/run
    kill %1; cat /tmp/run.cpu
"""
import collections
import os
import re
import signal
import sys
import time

TICKS = os.sysconf('SC_CLK_TCK')


def kind(cmdline: str, comm: str) -> str:
    if 'jest-worker' in cmdline or 'processChild' in cmdline:
        return 'jest worker (test files, their in-process APIs)'
    if 'jest' in cmdline:
        return 'jest main'
    if comm.startswith('postgres') or '/postgres' in cmdline:
        return 'postgres'
    if 'temporal' in cmdline and 'start-dev' in cmdline:
        return 'temporal dev server'
    if 'temporal' in comm:
        return f'temporal ({comm})'
    if 'chrom' in cmdline or 'headless' in cmdline:
        # its renderers (pages' JavaScript, style, layout, paint), GPU process (compositing), browser ...
        kind_of = re.search(r'--type=(\S+)', cmdline)
        return f'chromium {kind_of.group(1) if kind_of else "browser"}'
    if 'node' in comm or 'node' in cmdline or 'tsx' in cmdline:
        # a process a run or a test starts: the global worker, an API process, tsc, vite ... by its script
        scripts = [a for a in cmdline.split()[1:] if not a.startswith('-') and a != 'tsx']
        return 'node: ' + (scripts[0].split('/tmp/', 1)[-1] if scripts else cmdline)[:90]
    return comm


def main(out: str) -> None:
    seen: dict[tuple[str, str], list] = {}  # (pid, start time) -> [kind, cpu seconds at first sight, last]
    first_pass = True

    def write(*_):
        totals = collections.Counter()
        for name, first, last in seen.values():
            totals[name] += last - first
        with open(out, 'w') as f:
            f.write(f'{sum(totals.values()):9.1f} s  all sampled processes\n')
            for name, cpu in totals.most_common(40):
                f.write(f'{cpu:9.1f} s  {name}\n')
        sys.exit(0)

    signal.signal(signal.SIGTERM, write)
    signal.signal(signal.SIGINT, write)
    while True:
        for pid in filter(str.isdigit, os.listdir('/proc')):
            try:
                with open(f'/proc/{pid}/stat') as f:
                    stat = f.read()
                fields = stat[stat.rindex(')') + 2:].split()
                key = (pid, fields[19])
                cpu = (int(fields[11]) + int(fields[12])) / TICKS
                if key not in seen:
                    with open(f'/proc/{pid}/cmdline') as f:
                        name = kind(f.read().replace('\0', ' '), stat[stat.index('(') + 1:stat.rindex(')')])
                    # a process running before the sampler counts from then; a later one from its start
                    seen[key] = [name, cpu if first_pass else 0.0, cpu]
                seen[key][2] = cpu
            except (OSError, ValueError):
                pass  # the process ended between the listing and the read
        first_pass = False
        time.sleep(1)


if __name__ == '__main__':
    main(sys.argv[1])
