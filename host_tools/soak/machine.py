"""What a soak run used, read from Linux's /proc: a process's CPU time, open files
and memory, and how busy the whole machine was (every process on it, not only ours:
on a shared machine the soak's figures depend on the others' work)."""

import os

TICK = os.sysconf("SC_CLK_TCK")


class Process:
    """One process (the broker): its CPU seconds, and the most open files and memory seen."""

    def __init__(self, pid):
        self.pid = pid
        self.peak = {"fds": 0, "rss_kb": 0}

    def cpu_s(self):
        """User and system CPU seconds so far (0 once it has gone)."""
        try:
            with open("/proc/%d/stat" % self.pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime (fields 14, 15)

    def wait_s(self):
        """Seconds it has waited, ready to run, for a core (the kernel's schedstat: a busy
        machine's cost, which its CPU time does not show)."""
        try:
            with open("/proc/%d/schedstat" % self.pid) as f:
                return int(f.read().split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            return 0.0

    def sample(self):
        """Its open files and resident memory now (the peaks are kept)."""
        now = {"fds": 0, "rss_kb": 0}
        try:
            now["fds"] = len(os.listdir("/proc/%d/fd" % self.pid))
            with open("/proc/%d/status" % self.pid) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        now["rss_kb"] = int(line.split()[1])
        except OSError:
            pass
        for k in now:
            self.peak[k] = max(self.peak[k], now[k])
        return now


class Machine:
    """The whole machine's CPU from now: busy() is the share of all cores in use since."""

    def __init__(self):
        self.start = _cpu()

    def busy(self):
        total0, idle0 = self.start
        total, idle = _cpu()
        return 100.0 * (1 - (idle - idle0) / (total - total0)) if total > total0 else 0.0


def _cpu():
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    return sum(fields[:8]), fields[3] + fields[4]  # (user .. steal), idle + iowait
