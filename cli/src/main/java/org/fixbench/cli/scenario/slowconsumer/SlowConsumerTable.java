package org.fixbench.cli.scenario.slowconsumer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.fixbench.cli.report.doc.MarkdownWriter;
import org.fixbench.cli.report.doc.Table;
import org.fixbench.cli.results.Labels;
import org.fixbench.cli.results.ScenarioLabels;
import org.fixbench.cli.results.ScenarioKeys;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.series.SeriesData;

/**
 * The {@code slow-consumer} scenario judged: per engine and rate, each round's pair of runs (one with session 1's
 * reports left unread for the stall, one without) set side by side. The other sessions' latency is the lossless sum
 * of their own series ({@code session 002} and on), so the slow session's late reports never count as theirs.
 *
 * <p>What the engine did with the slow session, from what the scenario saw at the stall's end: <b>disconnected</b>
 * it (the server closed its connection; after how long), <b>back-pressured</b> it (orders of it the server had not
 * read: it stopped reading that connection) or <b>kept reading</b> it (every order read; its reports queued in the
 * kernel or in the engine, whose resident set shows the latter). What it did to the others: their worst round trip
 * in the stalled run, median over rounds; from {@link #HELD_UP_SHARE} of the stall it <b>held up the others</b>,
 * else it <b>isolated</b> the slow session; their p99 in the stalled run over the paired quiet run's is given beside.
 */
public final class SlowConsumerTable {
    /**
     * The share of the stall that the others' worst round trip in the stalled run must reach, in the median round,
     * for the engine to have held them up: a server that stops serving everyone while one session's buffer is full
     * holds them for most of the stall (raw TCP with an 8 KB send buffer: 1.8 s of a 2 s stall); the others' p99
     * rose by a millisecond or more during the stall for every engine tried, raw TCP with a window that never filled
     * included (2026-11-26: docs/GUIDE.md, "Scenarios", what was found and removed and what is left), which a ratio
     * of p99s would have called holding up.
     */
    public static final double HELD_UP_SHARE = 0.1;
    /** The slow client's own buffer of orders not yet taken by its socket: orders due while it is full are not sent. */
    public static final int SLOW_CLIENT_OUT_BYTES = 64 * 1024;
    public static final String SLOW_SESSION = "session 001";
    /** The labels key of what the scenario saw in each measured run, and the keys of each run's entry. */
    public static final String SCENARIO_RUNS = ScenarioKeys.SCENARIO_RUNS;
    public static final String RUN = ScenarioKeys.RUN;
    public static final String STALLED = "stalled";
    public static final String STALL_MILLIS = "stallMillis";
    public static final String STALL_START_MILLIS = "stallStartMillisIntoRun";
    public static final String RSS_START_KB = "serverRssStartKb";
    public static final String RSS_PEAK_KB = "serverRssPeakKb";
    public static final String UNREAD_ORDER_BYTES = "ordersUnreadByServerBytes";
    public static final String REPORT_KERNEL_BYTES = "reportsInKernelBytes";
    public static final String STALL_ORDER_BYTES = "ordersSentInStallBytes";
    /** The label that names the engine as the command line did (profile and overrides). */
    public static final String ENGINE_LABEL = ScenarioKeys.ENGINE_LABEL;
    /**
     * The share of the orders the slow session sent during the stall that the server left unread, at the stall's
     * end, from which it is said to have back-pressured the session (less: an order caught on its way).
     */
    public static final double BACK_PRESSURE_SHARE = 0.1;
    public static final String CLOSED_AFTER_MILLIS = "serverClosedSlowSessionAfterMillis";
    public static final String SLOW_FOUND = "slowSessionFound";
    /**
     * Present (true) where the slow session was a client of its own ({@code SlowClient}, from 2026-11-28): the
     * harness's samples are then all the others'. Absent in results of the relay before it, where the slow session was
     * the engine client's session 1 and the others were its series {@code session 002} and on.
     */
    public static final String SLOW_CLIENT = "slowClient";
    public static final String SLOW_RATE = "slowRatePerSecond";
    public static final String SLOW_SENT = "slowOrdersSent";
    public static final String SLOW_NOT_SENT = "slowOrdersNotSent";
    public static final String SLOW_ANSWERED = "slowOrdersAnswered";
    public static final String SLOW_WORST_NANOS = "slowWorstNanos";
    public static final String SLOW_ENDED = "slowSessionEnded";
    /**
     * Why the slow session had ended before the run started: nothing was stalled in it. Seen when a stalled run was
     * measured again (its JVM's compilers came into it) after the server had disconnected the slow session in the
     * first attempt: the attempt kept is the second, without a stall (sbe:yield, 2026-11-28).
     */
    public static final String SLOW_ENDED_BEFORE = "slowSessionEndedBeforeRun";
    /** This host's TCP retransmission timeouts in the run, and segments dropped or pruned from receive queues. */
    public static final String TCP_TIMEOUTS = "tcpRetransmissionTimeouts";
    public static final String TCP_RECEIVE_DROPS = "tcpReceiveQueueDrops";

    private SlowConsumerTable() {
    }

    /** The start of {@link #action}'s words for a stalled run whose slow session had ended before it. */
    static final String NO_STALL = "the slow session had ended before the stalled run started";

    /** One round's pair. */
    public record Pair(int round, long othersP99StallNanos, long othersP99QuietNanos, long othersWorstStallNanos,
                       long othersWorstQuietNanos, long slowWorstNanos, long lostStall, long lostQuiet,
                       String action, long rssGrowthStallKb, long rssGrowthQuietKb, String endedEarly,
                       long tcpTimeoutsStall, long tcpTimeoutsQuiet, long heapStallMb, long heapQuietMb,
                       boolean slowClient, long slowRate, long slowSent, long slowNotSent, long slowAnswered,
                       String slowEnded) {
        /** Orders of the other sessions never answered, in both runs of the pair (-1: not known). */
        public long othersLost() {
            if (!slowClient) {
                return -1; // the relay's results counted the slow session's own orders among the lost
            }
            return Math.max(0, lostStall) + Math.max(0, lostQuiet);
        }

        public double ratio() {
            return othersP99QuietNanos <= 0 ? Double.NaN : (double) othersP99StallNanos / othersP99QuietNanos;
        }
    }

    /** One engine at one rate, over its rounds. */
    public record Row(String engine, long rate, int sessions, long stallMillis, List<Pair> pairs) {
        public double medianRatio() {
            return median(pairs.stream().filter(p -> p.endedEarly() == null).mapToDouble(Pair::ratio)
                    .filter(Double::isFinite).sorted().toArray());
        }

        /** The others' worst round trip in the stalled run, median over rounds (ns; NaN: none measured). */
        public double medianOthersWorstStallNanos() {
            return median(pairs.stream().filter(p -> p.endedEarly() == null && p.othersWorstStallNanos() >= 0)
                    .mapToDouble(Pair::othersWorstStallNanos).sorted().toArray());
        }

        private static double median(double[] sorted) {
            if (sorted.length == 0) {
                return Double.NaN;
            }
            int n = sorted.length;
            return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        }

        /** Orders of the other sessions never answered, over every round's pair (-1: not known). */
        public long othersLost() {
            long n = 0;
            for (Pair p : pairs) {
                if (p.othersLost() < 0) {
                    return -1;
                }
                n += p.othersLost();
            }
            return n;
        }

        /**
         * The verdict in words, with the figures that made it: first any order of the other sessions never answered
         * (the worst outcome, in either run of a pair, after the stall included), then what the engine did with the
         * slow session, then whether it held the others up or isolated the slow session.
         */
        public String verdict() {
            List<String> actions = pairs.stream().map(Pair::action).distinct().toList();
            long lost = othersLost();
            String action = (lost > 0 ? String.format(Locale.ROOT, "lost %,d orders of the other sessions (%s); ",
                    lost, String.join("; ", pairs.stream().map(p -> String.format(Locale.ROOT,
                            "round %d: %,d in the stalled run, %,d in the quiet one", p.round(),
                            Math.max(0, p.lostStall()), Math.max(0, p.lostQuiet()))).toList())) : "")
                    + String.join("; ", actions);
            List<String> ended = pairs.stream().map(Pair::endedEarly).filter(e -> e != null).distinct().toList();
            if (!ended.isEmpty()) {
                return action + "; the run ended early: " + String.join("; ", ended);
            }
            if (pairs.stream().anyMatch(p -> p.action().startsWith(NO_STALL))) {
                return action + "; the others' latency is not judged: a stalled run without a stall";
            }
            double m = medianRatio();
            double worst = medianOthersWorstStallNanos();
            if (!Double.isFinite(m) || !Double.isFinite(worst)) {
                return action + "; the others' latency could not be compared";
            }
            String others = String.format(Locale.ROOT, "others' worst %s in the stalled run, p99 ×%.2f",
                    worst >= 1e9 ? String.format(Locale.ROOT, "%.2f s", worst / 1e9)
                            : String.format(Locale.ROOT, "%.1f ms", worst / 1e6), m);
            if (lost > 0) { // the orders answered say nothing of those that were not: neither held up nor isolated
                return action + "; of the others' orders answered: " + others;
            }
            return action + "; " + (worst >= HELD_UP_SHARE * stallMillis * 1e6 ? "held up the others (" + others + ")"
                    : "isolated the slow session (" + others + ")");
        }
    }

    /** The rows, one per engine and rate, in the order first met. */
    public static List<Row> of(List<BenchmarkResult> results) {
        return of(results, null);
    }

    /**
     * The rows, with the server's heap as its garbage collector found it in each run where {@code folder} (the
     * results folder) kept the server JVM's log ({@code jvm-logs/}): the most in use before any collection that
     * ended within the run, MB; -1 where no collection did (the young generation never filled: a lower bound the
     * table does not give).
     */
    public static List<Row> of(List<BenchmarkResult> results, java.nio.file.Path folder) {
        Map<String, List<BenchmarkResult>> byBenchmark = new LinkedHashMap<>();
        for (BenchmarkResult r : results) {
            String key = label(r) + "@" + r.config().targetRatePerSecond();
            byBenchmark.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        List<Row> rows = new ArrayList<>();
        for (List<BenchmarkResult> rounds : byBenchmark.values()) {
            BenchmarkResult first = rounds.get(0);
            List<Pair> pairs = new ArrayList<>();
            long stallMillis = 0;
            int round = 0;
            for (BenchmarkResult r : rounds) {
                round++;
                Pair p = pair(round, r, folder);
                pairs.add(p);
                stallMillis = Math.max(stallMillis, stallMillis(r));
            }
            rows.add(new Row(label(first), first.config().targetRatePerSecond(), Labels.of(first).sessions(),
                    stallMillis, pairs));
        }
        return rows;
    }

    private static String label(BenchmarkResult r) {
        String label = ScenarioLabels.of(r).engineLabel();
        return label != null ? label : Labels.of(r).engine() + ":" + Labels.of(r).profile();
    }

    private static List<Map<?, ?>> observed(BenchmarkResult r) {
        return ScenarioLabels.of(r).runs();
    }

    private static long stallMillis(BenchmarkResult r) {
        return observed(r).stream().filter(m -> Boolean.TRUE.equals(m.get(STALLED)))
                .mapToLong(m -> number(m.get(STALL_MILLIS))).max().orElse(0);
    }

    private static long number(Object o) {
        return o instanceof Number n ? n.longValue() : -1;
    }

    /** GC(n) Pause ... 51M->5M(2048M) ...: the heap in use before the collection, MB. */
    private static final java.util.regex.Pattern GC_HEAP = java.util.regex.Pattern.compile(
            "^\\[(\\d+)ms\\] GC\\(\\d+\\) Pause .* (\\d+)M->\\d+M\\(\\d+M\\)");

    /** The most heap in use before a collection that ended within {@code run}, MB; -1: none, or no log. */
    static long heapBeforeGcMb(java.nio.file.Path folder, BenchmarkResult r, RunResult run) {
        if (folder == null || run == null) {
            return -1;
        }
        java.nio.file.Path log = folder.resolve("jvm-logs").resolve(
                org.fixbench.harness.results.ResultsWriter.safeName(r.name() + "-server") + ".log");
        if (!java.nio.file.Files.isRegularFile(log)) {
            return -1;
        }
        long most = -1;
        try {
            for (String line : java.nio.file.Files.readAllLines(log)) {
                java.util.regex.Matcher m = GC_HEAP.matcher(line);
                if (m.find()) {
                    long at = Long.parseLong(m.group(1));
                    if (at >= run.startEpochMillis() && at <= run.endEpochMillis()) {
                        most = Math.max(most, Long.parseLong(m.group(2)));
                    }
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
        return most;
    }

    static Pair pair(int round, BenchmarkResult r) {
        return pair(round, r, null);
    }

    static Pair pair(int round, BenchmarkResult r, java.nio.file.Path folder) {
        Map<Integer, Map<?, ?>> seen = new LinkedHashMap<>();
        observed(r).forEach(m -> seen.put((int) number(m.get(RUN)), m));
        RunResult stall = null;
        RunResult quiet = null;
        for (RunResult run : r.runs()) {
            Map<?, ?> m = seen.get(run.run());
            if (m != null && Boolean.TRUE.equals(m.get(STALLED))) {
                stall = run;
            } else if (m != null) {
                quiet = run;
            }
        }
        Map<?, ?> stallSeen = stall == null ? Map.of() : seen.get(stall.run());
        String action = action(stallSeen);
        String ended = r.aborted() ? r.abortReason() : (stall == null || quiet == null
                ? "a run of the pair was not measured" : null);
        boolean slowClient = Boolean.TRUE.equals(stallSeen.get(SLOW_CLIENT));
        long slowWorst = slowClient ? number(stallSeen.get(SLOW_WORST_NANOS))
                : stall == null || !stall.series().containsKey(SLOW_SESSION) ? -1
                : stall.series().get(SLOW_SESSION).maxNanos();
        return new Pair(round, othersP(stall, 99, slowClient), othersP(quiet, 99, slowClient),
                othersP(stall, 100, slowClient), othersP(quiet, 100, slowClient), slowWorst,
                stall == null ? -1 : stall.lost(), quiet == null ? -1 : quiet.lost(), action,
                rssGrowth(stallSeen), rssGrowth(quiet == null ? Map.of() : seen.get(quiet.run())), ended,
                number(stallSeen.get(TCP_TIMEOUTS)),
                quiet == null ? -1 : number(seen.get(quiet.run()).get(TCP_TIMEOUTS)),
                heapBeforeGcMb(folder, r, stall), heapBeforeGcMb(folder, r, quiet), slowClient,
                number(stallSeen.get(SLOW_RATE)), number(stallSeen.get(SLOW_SENT)),
                number(stallSeen.get(SLOW_NOT_SENT)), number(stallSeen.get(SLOW_ANSWERED)),
                stallSeen.get(SLOW_ENDED) == null ? null : String.valueOf(stallSeen.get(SLOW_ENDED)));
    }

    private static long rssGrowth(Map<?, ?> m) {
        long start = number(m.get(RSS_START_KB));
        long peak = number(m.get(RSS_PEAK_KB));
        return start < 0 || peak < 0 ? -1 : peak - start;
    }

    /** What the engine did with the slow session, in words, from what the scenario saw. */
    public static String action(Map<?, ?> m) {
        if (m.isEmpty()) {
            return "not seen";
        }
        if (m.get(SLOW_ENDED_BEFORE) != null) {
            return NO_STALL + " (" + m.get(SLOW_ENDED_BEFORE) + "); the run was measured again after an attempt, "
                    + "and the attempt kept had nothing to stall";
        }
        if (!Boolean.TRUE.equals(m.get(SLOW_FOUND))) {
            return Boolean.TRUE.equals(m.get(SLOW_CLIENT)) ? "the slow session was not logged on"
                    : "the slow session was not found (no Logon with its SenderCompID)";
        }
        long closed = number(m.get(CLOSED_AFTER_MILLIS));
        if (closed >= 0) {
            return String.format(Locale.ROOT, "disconnected the slow session %.1f s into the stall", closed / 1e3);
        }
        long unread = number(m.get(UNREAD_ORDER_BYTES));
        long kernel = number(m.get(REPORT_KERNEL_BYTES));
        long sent = number(m.get(STALL_ORDER_BYTES));
        if (unread > 0 && sent > 0 && unread >= BACK_PRESSURE_SHARE * sent) {
            return String.format(Locale.ROOT, "back-pressured the slow session (%,d of the %,d bytes of orders it "
                    + "sent during the stall unread at its end)", unread, sent);
        }
        return String.format(Locale.ROOT, "kept reading the slow session (%,d bytes of its reports in kernel "
                + "buffers at the stall's end)", Math.max(0, kernel));
    }

    /**
     * The other sessions' round trips at {@code percentile} (100: the exact worst): every sample of the run where the
     * slow session was a client of its own ({@code all}), else the series of session 002 and on summed.
     */
    static long othersP(RunResult run, double percentile, boolean all) {
        if (run == null) {
            return -1;
        }
        if (all) {
            SeriesData e = run.endToEnd();
            if (e == null || e.histogram().getTotalCount() == 0) {
                return -1;
            }
            return percentile >= 100 ? e.maxNanos()
                    : Math.min(e.histogram().getValueAtPercentile(percentile), e.maxNanos());
        }
        Histogram sum = null;
        long max = -1;
        for (Map.Entry<String, SeriesData> e : run.series().entrySet()) {
            if (!e.getKey().startsWith("session ") || e.getKey().equals(SLOW_SESSION)) {
                continue;
            }
            SeriesData s = e.getValue();
            if (sum == null) {
                sum = s.histogram().copy();
            } else {
                sum.add(s.histogram());
            }
            max = Math.max(max, s.maxNanos());
        }
        if (sum == null || sum.getTotalCount() == 0) {
            return -1;
        }
        return percentile >= 100 ? max : Math.min(sum.getValueAtPercentile(percentile), max);
    }

    /** The table and each round's figures, as markdown. */
    public static String markdown(List<Row> rows) {
        return MarkdownWriter.table(table(rows));
    }

    /** The table and each round's figures: a row per engine × rate. */
    public static Table table(List<Row> rows) {
        boolean slowClient = rows.stream().anyMatch(r -> r.pairs().stream().anyMatch(Pair::slowClient));
        Table.Builder table = slowClient
                ? new Table.Builder(List.of("engine", "rate: others + slow", "sessions", "stall", "what it did to the "
                + "others and with the slow session", "others' p99 quiet → stall (µs), per round", "others' worst "
                + "quiet → stall (ms)", "others' orders lost quiet / stall", "slow session in the stalled run: sent / "
                + "not sent / answered", "slow session's worst (s)", "server RSS growth quiet / stall (MB)", "server "
                + "heap before GC, most in the run, quiet / stall (MB)", "TCP retransmission timeouts quiet / stall"),
                Table.Align.of("LRRRLLLLLLLLL"))
                : new Table.Builder(List.of("engine", "rate", "sessions", "stall", "what it did with the slow session, "
                + "and to the others", "others' p99 quiet → stall (µs), per round", "others' worst quiet → stall (ms)",
                "slow session's worst (s)", "orders lost", "server RSS growth quiet / stall (MB)", "server heap before "
                + "GC, most in the run, quiet / stall (MB)", "TCP retransmission timeouts quiet / stall"),
                Table.Align.of("LRRRLLLLLLLL"));
        for (Row row : rows) {
            long slowRate = row.pairs().stream().mapToLong(Pair::slowRate).max().orElse(-1);
            List<String> cells = new ArrayList<>(List.of(slowClient && slowRate > 0
                    ? String.format(Locale.ROOT, "%,d/s + %,d/s", row.rate(), slowRate)
                    : String.format(Locale.ROOT, "%,d/s", row.rate()), Integer.toString(row.sessions()),
                    String.format(Locale.ROOT, "%.1f s", row.stallMillis() / 1e3), row.verdict(),
                    join(row, p -> micros(p.othersP99QuietNanos()) + " → " + micros(p.othersP99StallNanos())),
                    join(row, p -> millis(p.othersWorstQuietNanos()) + " → " + millis(p.othersWorstStallNanos()))));
            if (slowClient) {
                cells.add(join(row, p -> p.lostQuiet() + " / " + p.lostStall()));
                cells.add(join(row, p -> String.format(Locale.ROOT, "%,d / %,d / %,d", p.slowSent(),
                        p.slowNotSent(), p.slowAnswered()) + (p.slowEnded() == null ? "" : " (" + p.slowEnded() + ")")));
                cells.add(join(row, p -> seconds(p.slowWorstNanos())));
            } else {
                cells.add(join(row, p -> seconds(p.slowWorstNanos())));
                cells.add(join(row, p -> p.lostQuiet() + " / " + p.lostStall()));
            }
            cells.add(join(row, p -> mb(p.rssGrowthQuietKb()) + " / " + mb(p.rssGrowthStallKb())));
            cells.add(join(row, p -> count(p.heapQuietMb()) + " / " + count(p.heapStallMb())));
            cells.add(join(row, p -> count(p.tcpTimeoutsQuiet()) + " / " + count(p.tcpTimeoutsStall())));
            table.row(Table.Row.of(row, row.engine(), cells));
        }
        return table.build();
    }

    private static String join(Row row, java.util.function.Function<Pair, String> f) {
        return String.join("; ", row.pairs().stream().sorted(Comparator.comparingInt(Pair::round)).map(f).toList());
    }

    private static String micros(long nanos) {
        return nanos < 0 ? "-" : String.format(Locale.ROOT, "%,.1f", nanos / 1e3);
    }

    private static String millis(long nanos) {
        return nanos < 0 ? "-" : String.format(Locale.ROOT, "%,.2f", nanos / 1e6);
    }

    private static String seconds(long nanos) {
        return nanos < 0 ? "-" : String.format(Locale.ROOT, "%.2f", nanos / 1e9);
    }

    private static String count(long n) {
        return n < 0 ? "-" : Long.toString(n);
    }

    private static String mb(long kb) {
        return kb < 0 ? "-" : String.format(Locale.ROOT, "%.1f", kb / 1024.0);
    }
}
