package org.fixbench.cli.scenario.burst;

import static org.fixbench.cli.scenario.ScenarioRounds.micros;
import static org.fixbench.cli.scenario.ScenarioRounds.millis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.fixbench.cli.report.doc.MarkdownWriter;
import org.fixbench.cli.report.doc.Table;
import org.fixbench.cli.results.ScenarioLabels;
import org.fixbench.cli.results.ScenarioKeys;
import org.fixbench.harness.results.BenchmarkResult;

/**
 * The {@code burst} scenario judged: per engine and base rate, what each round's measured run showed around its
 * burst (see {@code run.Burst#observe}). An engine <b>kept up</b> when at most {@link #KEPT_UP_SHARE} of the burst's
 * 10 ms windows had their median above the p99 of the orders due before it and latency was back at the burst's end;
 * it <b>drained its queue within the burst</b> when more were above but it was back at the end; else latency is
 * <b>back</b> a time after the burst's end (median over rounds), or <b>not back by the run's end</b>. The queue's
 * peak is the most orders in flight in a window, by Little's law from the replies.
 */
public final class BurstTable {
    /** The labels key of what the scenario saw in each measured run (as slow-consumer's), and its entries' keys. */
    public static final String SCENARIO_RUNS = ScenarioKeys.SCENARIO_RUNS;
    public static final String RUN = ScenarioKeys.RUN;
    public static final String STATUS = ScenarioKeys.STATUS;
    public static final String BASE_RATE = "baseRatePerSecond";
    public static final String FACTOR = "factor";
    public static final String BURST_START_NANOS = "burstStartNanos";
    public static final String BURST_END_NANOS = "burstEndNanos";
    public static final String ORDERS = ScenarioKeys.ORDERS;
    public static final String LOST = ScenarioKeys.LOST;
    public static final String PRE_P99_NANOS = "preBurstP99Nanos";
    public static final String BURST_P99_NANOS = "burstP99Nanos";
    public static final String BURST_MAX_NANOS = "burstWorstNanos";
    public static final String AFTER_P99_NANOS = "afterBurstP99Nanos";
    public static final String WORST_NANOS = ScenarioKeys.WORST_NANOS;
    /** The burst's 10 ms windows, and those whose median was above the pre-burst p99. */
    public static final String BURST_WINDOWS = "burstWindows";
    public static final String BURST_WINDOWS_ABOVE = "burstWindowsAbovePreBurstP99";
    /** From the burst's end; 0 when latency was back at once, -1 when it did not come back within the run. */
    public static final String BACK_AFTER_NANOS = "backWithinPreBurstP99AfterBurstEndNanos";
    public static final String PEAK_IN_FLIGHT = "peakInFlight";
    public static final String PEAK_AT_NANOS = "peakInFlightAtNanos";
    public static final String PRE_IN_FLIGHT = "preBurstPeakInFlight";
    public static final String BURST_MAX_LATENESS_NANOS = "burstSentLateByAtMostNanos";
    public static final String WINDOW_MILLIS = ScenarioKeys.WINDOW_MILLIS;
    public static final String WINDOW_P50_NANOS = ScenarioKeys.WINDOW_P50_NANOS;
    public static final String WINDOW_MAX_NANOS = ScenarioKeys.WINDOW_MAX_NANOS;
    /** The label of a burst benchmark's base rate (its configuration's rate is the run's mean). */
    public static final String BASE_RATE_LABEL = "burstBaseRatePerSecond";

    private BurstTable() {
    }

    /** The windows a burst run is cut into to see the queue build and drain. */
    public static final long WINDOW_NANOS = ScenarioKeys.WINDOW_NANOS;
    /** Consecutive windows whose median is back within the pre-burst p99 that make latency "back". */
    public static final int BACK_WINDOWS = ScenarioKeys.BACK_WINDOWS;
    /**
     * The share of the burst's windows whose median may be above the pre-burst p99 in an engine that kept up: a
     * hiccup of the machine's, not a queue (a queue that builds through a burst is above in nearly all of them).
     */
    public static final double KEPT_UP_SHARE = 0.1;

    /** One round's measured run. */
    public record Round(int round, String status, long preP99Nanos, long burstP99Nanos, long burstMaxNanos,
                        int burstWindows, int burstWindowsAbove, long backAfterNanos, double peakInFlight,
                        double preInFlight, long lost, long orders, long burstMaxLatenessNanos) {
        /** Time until back, for ordering: never back is the longest. */
        double backOrdering() {
            return backAfterNanos < 0 ? Double.POSITIVE_INFINITY : backAfterNanos;
        }

        boolean queuedInBurst() {
            return burstWindowsAbove > KEPT_UP_SHARE * burstWindows;
        }
    }

    /** One engine at one base rate, over its rounds. */
    public record Row(String engine, long baseRate, int factor, long burstMillis, List<Round> rounds) {
        /** Time until latency was back, median over rounds (0: never left; infinite: not back). NaN: no round. */
        public double medianBackNanos() {
            double[] sorted = rounds.stream().mapToDouble(Round::backOrdering).sorted().toArray();
            if (sorted.length == 0) {
                return Double.NaN;
            }
            int n = sorted.length;
            return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        }

        public String verdict() {
            long lost = rounds.stream().mapToLong(Round::lost).sum();
            double peak = rounds.stream().mapToDouble(Round::peakInFlight).max().orElse(Double.NaN);
            double back = medianBackNanos();
            String peakText = String.format(Locale.ROOT, "at most %,.0f orders in flight", peak);
            String verdict;
            if (Double.isNaN(back)) {
                verdict = "no round measured";
            } else if (back == 0) {
                long queued = rounds.stream().filter(Round::queuedInBurst).count();
                verdict = queued * 2 > rounds.size()
                        ? "drained its queue within the burst: back within the pre-burst p99 at the burst's end ("
                                + peakText + ")"
                        : "kept up: back within the pre-burst p99 at the burst's end, and in the burst its 10 ms "
                                + "windows' median stayed within it (" + peakText + ")";
            } else if (Double.isInfinite(back)) {
                long notBack = rounds.stream().filter(r -> r.backAfterNanos() < 0).count();
                verdict = String.format(Locale.ROOT, "not back within the pre-burst p99 by the run's end in %d of %d "
                        + "round(s) (%s)", notBack, rounds.size(), peakText);
            } else {
                verdict = String.format(Locale.ROOT, "back within the pre-burst p99 %s after the burst's end "
                        + "(median of rounds; %s)", millis(back), peakText);
            }
            return lost > 0 ? verdict + String.format(Locale.ROOT, "; %,d order(s) never answered", lost) : verdict;
        }
    }

    /** The rows, one per engine and base rate, in the order first met. */
    public static List<Row> of(List<BenchmarkResult> results) {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (BenchmarkResult r : results) {
            ScenarioLabels labels = ScenarioLabels.of(r);
            String engine = labels.engineOrName();
            Object base = r.labels().get(BASE_RATE_LABEL);
            long baseRate = base instanceof Number n ? n.longValue() : r.config().targetRatePerSecond();
            int round = labels.roundOr1();
            List<Round> seen = new ArrayList<>();
            int factor = 0;
            long burstMillis = 0;
            for (Map<?, ?> m : labels.runs()) {
                factor = num(m, FACTOR).intValue();
                burstMillis = (num(m, BURST_END_NANOS).longValue() - num(m, BURST_START_NANOS).longValue())
                        / 1_000_000;
                seen.add(new Round(round, String.valueOf(m.get(STATUS)), num(m, PRE_P99_NANOS).longValue(),
                        num(m, BURST_P99_NANOS).longValue(), num(m, BURST_MAX_NANOS).longValue(),
                        num(m, BURST_WINDOWS).intValue(), num(m, BURST_WINDOWS_ABOVE).intValue(),
                        num(m, BACK_AFTER_NANOS).longValue(),
                        num(m, PEAK_IN_FLIGHT).doubleValue(), num(m, PRE_IN_FLIGHT).doubleValue(),
                        num(m, LOST).longValue(), num(m, ORDERS).longValue(),
                        num(m, BURST_MAX_LATENESS_NANOS).longValue()));
            }
            int f = factor;
            long b = burstMillis;
            Row row = rows.computeIfAbsent(engine + "@" + baseRate, k -> new Row(engine, baseRate, f, b,
                    new ArrayList<>()));
            row.rounds().addAll(seen);
        }
        return new ArrayList<>(rows.values());
    }

    private static Number num(Map<?, ?> m, String key) {
        return m.get(key) instanceof Number n ? n : -1;
    }

    /** The table, in markdown. */
    public static String markdown(List<Row> rows) {
        return MarkdownWriter.table(table(rows));
    }

    /** The table: a row per engine × rate, each round's figure in each cell. */
    public static Table table(List<Row> rows) {
        Table.Builder table = new Table.Builder(List.of("engine", "rate → burst", "pre-burst p99", "burst p99 / worst",
                "burst windows above pre-burst p99", "back within pre-burst p99, after the burst's end",
                "peak in flight (before)", "burst sent late by, at most", "lost", "runs", "verdict"),
                Table.Align.of("LLRRLLLRRLL"));
        for (Row row : rows) {
            List<Round> rs = row.rounds();
            table.row(Table.Row.of(row, row.engine(), List.of(
                    String.format(Locale.ROOT, "%,d → %,d/s for %s", row.baseRate(), row.baseRate() * row.factor(),
                            millis(row.burstMillis() * 1e6)),
                    each(rs, r -> micros(r.preP99Nanos())),
                    each(rs, r -> micros(r.burstP99Nanos()) + " / " + micros(r.burstMaxNanos())),
                    each(rs, r -> r.burstWindowsAbove() + " of " + r.burstWindows()),
                    each(rs, r -> r.backAfterNanos() < 0 ? "not back"
                            : r.backAfterNanos() == 0 ? "at once" : millis(r.backAfterNanos())),
                    each(rs, r -> String.format(Locale.ROOT, "%,.1f (%,.1f)", r.peakInFlight(), r.preInFlight())),
                    each(rs, r -> micros(r.burstMaxLatenessNanos())),
                    each(rs, r -> String.format(Locale.ROOT, "%,d", r.lost())),
                    each(rs, Round::status), row.verdict())));
        }
        return table.build();
    }

    private static String each(List<Round> rounds, java.util.function.Function<Round, String> f) {
        return rounds.stream().map(f).collect(Collectors.joining(", "));
    }


}
