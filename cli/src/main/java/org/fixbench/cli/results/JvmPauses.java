package org.fixbench.cli.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stop-the-world pauses of one JVM during one measured run, from the JVM's own log ({@link #LOG_FLAG}):
 * safepoints (every pause of all Java threads: GC, deoptimisation, biased-lock revocation, ...) with their total
 * time, and among them the GC pauses. A pause belongs to a run when it ended within the run's window.
 *
 * @param role                 "server" or "client"
 * @param safepoints           safepoints that ended within the run
 * @param safepointTotalMicros their time from the request to leave (the log's Total), summed
 * @param safepointLongestMicros the longest of them
 * @param gcPauses             GC pauses (the gc log's "Pause" lines) within the run
 * @param gcTotalMicros        their durations summed
 */
public record JvmPauses(int run, String role, int safepoints, long safepointTotalMicros, long safepointLongestMicros,
                        int gcPauses, long gcTotalMicros) {

    /**
     * The unified-logging option that writes what this class reads, each line stamped with the epoch time in ms
     * (the clock the runs' windows are in); {@code %s} is the log file.
     */
    public static final String LOG_FLAG = "-Xlog:safepoint=info,gc=info:file=%s:timemillis";

    /** The label key under which a result's pauses are written into summary.json: one entry per run and role. */
    public static final String LABEL = "jvmPauses";

    private static final Pattern STAMP = Pattern.compile("^\\[(\\d+)ms\\]");
    private static final Pattern SAFEPOINT_TOTAL = Pattern.compile("Safepoint \".*Total: (\\d+) ns");
    private static final Pattern GC_PAUSE = Pattern.compile("GC\\(\\d+\\) Pause .* ([0-9.]+)ms$");

    /** One pause read from a log: when it ended (epoch ms), how long it took (µs), and whether it was a GC's. */
    public record Pause(long endEpochMillis, long micros, boolean gc) {
    }

    /** The safepoints and GC pauses of a log's lines; lines of other kinds (and unreadable ones) are passed over. */
    public static List<Pause> parse(List<String> lines) {
        List<Pause> pauses = new ArrayList<>();
        for (String line : lines) {
            Matcher stamp = STAMP.matcher(line);
            if (!stamp.find()) {
                continue;
            }
            long at = Long.parseLong(stamp.group(1));
            Matcher safepoint = SAFEPOINT_TOTAL.matcher(line);
            if (safepoint.find()) {
                pauses.add(new Pause(at, Long.parseLong(safepoint.group(1)) / 1_000, false));
                continue;
            }
            Matcher gc = GC_PAUSE.matcher(line);
            if (gc.find()) {
                pauses.add(new Pause(at, Math.round(Double.parseDouble(gc.group(1)) * 1_000), true));
            }
        }
        return pauses;
    }

    /** The pauses of {@code role}'s JVM that ended within [{@code startEpochMillis}, {@code endEpochMillis}]. */
    public static JvmPauses within(int run, String role, List<Pause> pauses, long startEpochMillis,
                                   long endEpochMillis) {
        int safepoints = 0;
        long total = 0;
        long longest = 0;
        int gcs = 0;
        long gcTotal = 0;
        for (Pause p : pauses) {
            if (p.endEpochMillis() < startEpochMillis || p.endEpochMillis() > endEpochMillis) {
                continue;
            }
            if (p.gc()) {
                gcs++;
                gcTotal += p.micros();
            } else {
                safepoints++;
                total += p.micros();
                longest = Math.max(longest, p.micros());
            }
        }
        return new JvmPauses(run, role, safepoints, total, longest, gcs, gcTotal);
    }

    /** The same pauses under another run number (a round's run 1 is the comparison's run k). */
    public JvmPauses renumbered(int k) {
        return new JvmPauses(k, role, safepoints, safepointTotalMicros, safepointLongestMicros, gcPauses,
                gcTotalMicros);
    }

    /** As written into summary.json's labels. */
    public Map<String, Object> toLabel() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run", run);
        m.put("role", role);
        m.put("safepoints", safepoints);
        m.put("safepointTotalMicros", safepointTotalMicros);
        m.put("safepointLongestMicros", safepointLongestMicros);
        m.put("gcPauses", gcPauses);
        m.put("gcTotalMicros", gcTotalMicros);
        return m;
    }

    /** A result's pauses read back from its labels (empty when it has none: in-process runs, older folders). */
    public static List<JvmPauses> fromLabels(Map<String, Object> labels) {
        List<JvmPauses> all = new ArrayList<>();
        if (!(labels.get(LABEL) instanceof List<?> list)) {
            return all;
        }
        for (Object o : list) {
            if (o instanceof Map<?, ?> m) {
                all.add(new JvmPauses(number(m, "run").intValue(), String.valueOf(m.get("role")),
                        number(m, "safepoints").intValue(), number(m, "safepointTotalMicros").longValue(),
                        number(m, "safepointLongestMicros").longValue(), number(m, "gcPauses").intValue(),
                        number(m, "gcTotalMicros").longValue()));
            }
        }
        return all;
    }

    private static Number number(Map<?, ?> m, String key) {
        return m.get(key) instanceof Number n ? n : 0;
    }

    /** "12 safepoints, 3.4 ms (longest 1.2 ms), 2 GC 2.9 ms", or "none". */
    public String describe() {
        if (safepoints == 0 && gcPauses == 0) {
            return "none";
        }
        return String.format(Locale.ROOT, "%d safepoint%s %.1f ms (longest %.2f ms)%s", safepoints,
                safepoints == 1 ? "" : "s", safepointTotalMicros / 1e3, safepointLongestMicros / 1e3,
                gcPauses == 0 ? "" : String.format(Locale.ROOT, ", %d GC %.1f ms", gcPauses, gcTotalMicros / 1e3));
    }
}
