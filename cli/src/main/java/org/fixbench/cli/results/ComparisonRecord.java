package org.fixbench.cli.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a command records of a comparison in its folder's environment, beside the machine ({@code MachineRecord}),
 * typed: the command line, what was compared, how it ran, why it stopped. The commands write these keys (each spelled
 * once, here or in {@link ResultLabels}) and {@link #of} reads them back, from every folder since the first: what an
 * older folder lacks is null (or empty).
 *
 * @param partial why the comparison is partial (a signal stopped it), or null
 * @param comparedLabels the contenders' labels in the order compared, or null where not recorded
 * @param comparedRates the rates in the order compared, or null where not recorded
 * @param comparedResults how many of the folder's results are the comparison's (a knee search's steps follow), or null
 * @param harnessFloorNote why the harness floor was not measured, or null
 * @param harnessFloor the harness floor per rate, in the order recorded (null when not recorded)
 * @param stealPercent the machine's CPU steal over the whole comparison, or null
 * @param engines each engine's versions and profile, by label, in the order recorded
 * @param tuning a tuning session's baseline and variants, or null for a comparison
 */
public record ComparisonRecord(String command, String stopReason, String partial, List<String> comparedLabels,
                               List<Long> comparedRates, Integer comparedResults, String processes,
                               String forkedServerCommand, String forkedClientCommand, String harnessFloorNote,
                               Map<Long, Floor> harnessFloor, String runOrder, String settlingRun,
                               Double stealPercent, Map<String, Engine> engines, Tuning tuning,
                               boolean acrossHosts) {
    public static final String PARTIAL = "partial";
    public static final String PROCESSES = "processes";
    public static final String FORKED_SERVER_COMMAND = "forkedServerCommand";
    public static final String FORKED_CLIENT_COMMAND = "forkedClientCommand";
    public static final String HARNESS_FLOOR_NOTE = "harnessFloor";
    public static final String HARNESS_FLOOR = "harnessFloorNanos";
    public static final String RUN_ORDER = "runOrder";
    public static final String SETTLING_RUN = "settlingRun";
    public static final String STEAL_PERCENT = "stealPctWholeComparison";
    public static final String ENGINES = "engines";
    /** In an engine's entry: where its profile's sessions keep their numbers and messages, in one word. */
    public static final String DURABILITY = "durability";
    /** In an engine's entry, true when its durability is what its engine file says, not what the suite set. */
    public static final String DURABILITY_DECLARED = "durabilityDeclared";
    /** Each engine's TLS in one word ({@link org.fixbench.engine.Tls}), since 2026-12-07. */
    public static final String TLS = "tls";

    public ComparisonRecord {
        comparedLabels = comparedLabels == null ? null : List.copyOf(comparedLabels);
        comparedRates = comparedRates == null ? null : List.copyOf(comparedRates);
        harnessFloor = harnessFloor == null ? null
                : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(harnessFloor));
        engines = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(engines));
    }

    /** The harness's own round trip at a rate (an empty task), in ns; a percentile not recorded is null. */
    public record Floor(Double p50Nanos, Double p99Nanos) {
    }

    /**
     * An engine's versions (as recorded, in one line), its profile's file and SHA-256, and where the profile's sessions
     * keep their numbers and messages in one word, and how they speak TLS in one word (each null in folders from
     * before 2026-12-07); {@code durabilityDeclared}: that word is what a black box's engine file says of it.
     */
    public record Engine(String versions, String profileFile, String profileSha256, String durability, String tls,
                         boolean durabilityDeclared) {
    }

    /**
     * A tuning session: its baseline, its variants in order, the threshold of a verdict, and the command line that
     * measures each variant again, by variant.
     */
    public record Tuning(String baseline, List<String> variants, double threshold, Map<String, String> reproduce) {
        /** The threshold of a session that recorded none. */
        public static final double DEFAULT_THRESHOLD = 0.1;
    }

    /** Read from an environment as written (or as a command holds it before writing). */
    public static ComparisonRecord of(Map<String, ?> env) {
        List<String> labels = env.get(ResultLabels.COMPARED_LABELS) instanceof List<?> l
                ? l.stream().map(String::valueOf).toList() : null;
        List<Long> rates = env.get(ResultLabels.COMPARED_RATES) instanceof List<?> l
                ? l.stream().map(x -> ((Number) x).longValue()).toList() : null;
        Map<Long, Floor> floors = env.get(HARNESS_FLOOR) instanceof Map<?, ?> ? new LinkedHashMap<>() : null;
        if (env.get(HARNESS_FLOOR) instanceof Map<?, ?> m) {
            m.forEach((rate, stats) -> {
                Map<?, ?> f = stats instanceof Map<?, ?> x ? x : Map.of();
                floors.put(Long.parseLong(rate.toString()), new Floor(number(f.get("p50")), number(f.get("p99"))));
            });
        }
        Map<String, Engine> engines = new LinkedHashMap<>();
        if (env.get(ENGINES) instanceof Map<?, ?> m) {
            m.forEach((label, info) -> {
                if (info instanceof Map<?, ?> e) {
                    engines.put(String.valueOf(label), new Engine(String.valueOf(e.get("versions")),
                            String.valueOf(e.get("profileFile")), String.valueOf(e.get("profileSha256")),
                            e.get(DURABILITY) == null ? null : String.valueOf(e.get(DURABILITY)),
                            e.get(TLS) == null ? null : String.valueOf(e.get(TLS)),
                            Boolean.TRUE.equals(e.get(DURABILITY_DECLARED))));
                }
            });
        }
        return new ComparisonRecord(text(env.get(ResultLabels.COMMAND)), text(env.get(ResultLabels.STOP_REASON)),
                text(env.get(PARTIAL)), labels, rates,
                env.get(ResultLabels.COMPARED_RESULTS) instanceof Number n ? n.intValue() : null,
                text(env.get(PROCESSES)), text(env.get(FORKED_SERVER_COMMAND)), text(env.get(FORKED_CLIENT_COMMAND)),
                env.get(HARNESS_FLOOR_NOTE) instanceof String why ? why : null, floors, text(env.get(RUN_ORDER)),
                text(env.get(SETTLING_RUN)), number(env.get(STEAL_PERCENT)), engines, tuning(env),
                env.get(ResultLabels.CLUSTER) != null);
    }

    private static Tuning tuning(Map<String, ?> env) {
        if (env.get(ResultLabels.TUNE_BASELINE) == null) {
            return null;
        }
        List<String> variants = new ArrayList<>();
        if (env.get(ResultLabels.TUNE_VARIANTS) instanceof List<?> l) {
            l.forEach(v -> variants.add(String.valueOf(v)));
        }
        Map<String, String> reproduce = new LinkedHashMap<>();
        if (env.get(ResultLabels.TUNE_REPRODUCE) instanceof Map<?, ?> m) {
            m.forEach((k, v) -> reproduce.put(String.valueOf(k), String.valueOf(v)));
        }
        return new Tuning(String.valueOf(env.get(ResultLabels.TUNE_BASELINE)), List.copyOf(variants),
                env.get(ResultLabels.TUNE_THRESHOLD) instanceof Number n ? n.doubleValue() : Tuning.DEFAULT_THRESHOLD,
                java.util.Collections.unmodifiableMap(reproduce));
    }

    private static String text(Object value) {
        return value == null ? null : String.valueOf(value);
    }

    private static Double number(Object value) {
        return value instanceof Number n ? n.doubleValue() : null;
    }
}
