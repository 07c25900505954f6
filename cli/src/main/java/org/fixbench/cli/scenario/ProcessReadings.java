package org.fixbench.cli.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What the scenarios read of a process from /proc: its resident set, and a line's whitespace-separated fields. */
public final class ProcessReadings {
    private ProcessReadings() {
    }

    /** The resident set of a process in KiB, or -1 when it cannot be read. */
    public static long rssKb(long pid) {
        if (pid <= 0) {
            return -1;
        }
        try {
            String status = new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "status")),
                    java.nio.charset.StandardCharsets.ISO_8859_1);
            int at = status.indexOf("VmRSS:");
            if (at < 0) {
                return -1;
            }
            String[] f = fields(status.substring(at + 6, status.indexOf('\n', at) < 0 ? status.length()
                    : status.indexOf('\n', at)));
            return f.length == 0 ? -1 : Long.parseLong(f[0]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
    /**
     * The fields of a line split on spaces, without a regular expression: the watcher runs beside the measured
     * run, so it must neither compile much nor take a CPU for long (with {@code String.split("\\s+")} and a
     * reading every 20 ms (before 2026-11-26's change), the JIT compiled java.util.regex inside the stalled runs: 227 ms of CPU in a 4 s run,
     * PrintCompilation, 2026-11-26).
     */
    public static String[] fields(String line) {
        List<String> f = new ArrayList<>(20);
        int n = line.length();
        int i = 0;
        while (i < n) {
            while (i < n && line.charAt(i) <= ' ') {
                i++;
            }
            int start = i;
            while (i < n && line.charAt(i) > ' ') {
                i++;
            }
            if (i > start) {
                f.add(line.substring(start, i));
            }
        }
        return f.toArray(new String[0]);
    }
}
