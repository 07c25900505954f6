package org.fixbench.cli.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fixbench.harness.results.BenchmarkResult;

/**
 * A comparison's labels of one result, typed: what the reports, the merge and the tables read of a result, read from
 * its label map in one place ({@link #of}), so that no reader spells a key or tests a type of its own. A label a
 * result does not have reads as it did before the label existed (one session, the fixed workload, no notes). The
 * keys are {@link ResultLabels}'; the map stays what {@code summary.json} holds, so every published folder reads.
 *
 * @param engine the engine's name ({@code tcp}, {@code sbe}, ...)
 * @param profile its profile's name
 * @param client an interop pair's client (ENGINE[:PROFILE]), or null for an engine measured with its own client
 * @param server an interop pair's server, or null
 * @param floor the label of the floor this result's runs were paired with, or null
 * @param paired whether its runs were paired with a floor's (an interleaved comparison's engine other than the floor)
 * @param pairedFloorRuns per run (from run 1), the number of the floor run beside it; 0 where none ran; empty when
 *                        not paired
 * @param engineNotes what the engine said of its run (a profile that does not fit the machine, ...), in order
 * @param hasEngineNotes whether the label was there at all (an empty list is written where one was)
 * @param sessions how many FIX sessions the benchmark opened
 * @param workload what each session sent: {@code fixed}, {@code mixed:SEED}, {@code file:NAME sha256:HEX16}, ...
 * @param profiled what profiled it, or null when nothing did
 * @param profiles its profile files, relative to the results folder
 * @param hosts a comparison across hosts: each client host's own distribution over its rounds
 * @param serverSpinningThreads the server's threads busy with no load (it spins), or null where not read
 */
public record Labels(String engine, String profile, String client, String server, String floor, boolean paired,
                     List<Integer> pairedFloorRuns, List<String> engineNotes, boolean hasEngineNotes, int sessions,
                     String workload, String profiled, List<String> profiles, List<HostRow> hosts,
                     List<String> serverSpinningThreads) {

    /** The workload of a result without the label. */
    public static final String FIXED_WORKLOAD = "fixed";

    /**
     * One client host's part of a benchmark across hosts: its runs over the rounds as one distribution.
     *
     * @param statuses each of its runs' status, in order
     */
    public record HostRow(String host, int runs, long count, long p50Nanos, long p99Nanos, long maxNanos,
                          List<String> statuses) {

        /** The row as {@code summary.json} holds it (the keys of {@link ResultLabels#HOSTS}). */
        public Map<String, Object> toMap() {
            Map<String, Object> row = new java.util.LinkedHashMap<>();
            row.put("host", host);
            row.put("runs", runs);
            row.put("count", count);
            row.put("p50Nanos", p50Nanos);
            row.put("p99Nanos", p99Nanos);
            row.put("maxNanos", maxNanos);
            row.put("statuses", statuses);
            return row;
        }

        static HostRow of(Map<?, ?> m) {
            return new HostRow(String.valueOf(m.get("host")), intOf(m.get("runs"), 0), longOf(m.get("count")),
                    longOf(m.get("p50Nanos")), longOf(m.get("p99Nanos")), longOf(m.get("maxNanos")),
                    strings(m.get("statuses")));
        }
    }

    /** The labels of {@code r}, typed. */
    public static Labels of(BenchmarkResult r) {
        return of(r.labels());
    }

    /** The labels in {@code labels} (a result's map, as written or as read back), typed. */
    public static Labels of(Map<String, Object> labels) {
        Object notes = labels.get(ResultLabels.ENGINE_NOTES);
        List<HostRow> hosts = new ArrayList<>();
        if (labels.get(ResultLabels.HOSTS) instanceof List<?> rows) {
            for (Object row : rows) {
                if (row instanceof Map<?, ?> m) {
                    hosts.add(HostRow.of(m));
                }
            }
        }
        List<Integer> pairs = new ArrayList<>();
        Object paired = labels.get(ResultLabels.PAIRED_FLOOR_RUNS);
        if (paired instanceof List<?> list) {
            for (Object o : list) {
                pairs.add(intOf(o, 0));
            }
        }
        Object workload = labels.get(ResultLabels.WORKLOAD);
        return new Labels(text(labels.get(ResultLabels.ENGINE)), text(labels.get(ResultLabels.PROFILE)),
                text(labels.get(ResultLabels.CLIENT)), text(labels.get(ResultLabels.SERVER)),
                text(labels.get(ResultLabels.FLOOR)), paired instanceof List<?>, List.copyOf(pairs), strings(notes), notes instanceof List<?>,
                intOf(labels.get(ResultLabels.SESSIONS), 1),
                workload instanceof String w ? w : FIXED_WORKLOAD, text(labels.get(ResultLabels.PROFILED)), strings(labels.get(ResultLabels.PROFILES)),
                List.copyOf(hosts), labels.get(ResultLabels.SERVER_SPINNING_THREADS) instanceof List<?>
                        ? strings(labels.get(ResultLabels.SERVER_SPINNING_THREADS)) : null);
    }

    /** Whether this is an interop pair's result (a client of one engine, the server of another). */
    public boolean isPair() {
        return client != null;
    }

    /** How the result is named in tables: CLIENT/SERVER for an interop pair, else ENGINE:PROFILE. */
    public String label() {
        return isPair() ? client + "/" + server : engine + ":" + profile;
    }

    /** Whether this is the floor's result (raw TCP, not an interop pair). */
    public boolean isFloor() {
        return ResultLabels.FLOOR_ENGINE.equals(engine) && !isPair();
    }

    /** Whether the engine is the floor's (raw TCP), whatever the client. */
    public boolean isFloorEngine() {
        return ResultLabels.FLOOR_ENGINE.equals(engine);
    }

    /**
     * The number of the floor run beside run {@code run} (from 1): 0 when that floor run did not happen; null when
     * the result says nothing of that run (not paired, or fewer pairs than runs).
     */
    public Integer floorRunBeside(int run) {
        return run >= 1 && run <= pairedFloorRuns.size() ? pairedFloorRuns.get(run - 1) : null;
    }

    private static String text(Object o) {
        return o == null ? null : String.valueOf(o);
    }

    private static List<String> strings(Object o) {
        return o instanceof List<?> list ? list.stream().map(String::valueOf).toList() : List.of();
    }

    private static int intOf(Object o, int absent) {
        return o instanceof Number n ? n.intValue() : absent;
    }

    private static long longOf(Object o) {
        return o instanceof Number n ? n.longValue() : 0;
    }
}
