package org.fixbench.cli.scenario.resendstorm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.fixbench.cli.report.doc.MarkdownWriter;
import org.fixbench.cli.report.doc.Table;
import org.fixbench.cli.results.ScenarioKeys;
import org.fixbench.cli.scenario.ScenarioRounds;
import org.fixbench.harness.results.BenchmarkResult;

/**
 * The {@code resend-storm} scenario judged: per engine and rate, what each round's measured run showed around its
 * gap (see {@code run.ResendStorm}): the gap's orders answered or lost, what each side resent (PossDupFlag Y) and
 * gap-filled, when the replay ended (the last resent message or gap fill to cross the relay, after the gap's end),
 * when latency was back within the pre-gap p99 (the burst scenario's rule, from the gap's end), the p99 of the orders
 * due in the second after the gap (new orders behind the replay), duplicates and both resident sets' growth.
 */
public final class ResendStormTable {
    public static final String RUN = ScenarioKeys.RUN;
    public static final String STATUS = ScenarioKeys.STATUS;
    /** The orders the warm-up's practice gap lost to the server: 0 for an engine that speaks no FIX (no resend). */
    public static final String PRACTICE_GAP_ORDERS = "warmUpPracticeGapOrders";
    public static final String GAP_START_NANOS = "gapStartNanos";
    public static final String GAP_END_NANOS = "gapEndNanos";
    public static final String LOST_TO_SERVER = "messagesLostToServer";
    public static final String LOST_TO_CLIENT = "messagesLostToClient";
    public static final String LOST_BYTES_TO_SERVER = "bytesLostToServer";
    public static final String LOST_BYTES_TO_CLIENT = "bytesLostToClient";
    public static final String RESENT_TO_SERVER = "resentToServer";
    public static final String RESENT_TO_CLIENT = "resentToClient";
    public static final String GAP_FILLS_TO_SERVER = "gapFillsToServer";
    public static final String GAP_FILLS_TO_CLIENT = "gapFillsToClient";
    public static final String RESEND_REQUESTS_TO_SERVER = "resendRequestsToServer";
    public static final String RESEND_REQUESTS_TO_CLIENT = "resendRequestsToClient";
    public static final String REPLAY_ENDED_AFTER_GAP_NANOS = "replayEndedAfterGapNanos";
    public static final String FIRST_RESEND_REQUEST_AFTER_GAP_NANOS = "firstResendRequestAfterGapNanos";
    public static final String PRE_P99_NANOS = "preGapP99Nanos";
    public static final String ORDERS = ScenarioKeys.ORDERS;
    public static final String LOST = ScenarioKeys.LOST;
    public static final String GAP_ORDERS = "gapOrders";
    public static final String GAP_ORDERS_LOST = "gapOrdersLost";
    public static final String GAP_P99_NANOS = "gapOrdersP99Nanos";
    /** The orders due in this long after the gap: new orders behind the replay. */
    public static final long AFTER_WINDOW_NANOS = 1_000_000_000L;
    public static final String AFTER_P99_NANOS = "afterGapSecondP99Nanos";
    public static final String AFTER_MAX_NANOS = "afterGapSecondWorstNanos";
    public static final String WORST_NANOS = ScenarioKeys.WORST_NANOS;
    public static final String BACK_AFTER_NANOS = "backWithinPreGapP99AfterGapEndNanos";
    public static final String DUPLICATE_ANSWERS = ScenarioKeys.DUPLICATE_ANSWERS;
    public static final String SERVER_RSS_GROWTH_KB = "serverRssGrowthKb";
    public static final String CLIENT_RSS_GROWTH_KB = "clientRssGrowthKb";
    /**
     * Bytes the client's JVM allocated from the run's start to its end, all its live threads: the harness's own
     * watchers and its end-of-run work are in it (about 23 MB in a 9 s sbe run at 2,000/s), so it is kept in
     * {@code summary.json}, with the threads that allocated most, and not set in the table.
     */
    public static final String CLIENT_ALLOCATED_BYTES = "clientAllocatedBytes";
    /** The client JVM's threads that allocated most during the run: "name: bytes". */
    public static final String CLIENT_TOP_ALLOCATORS = "clientTopAllocatingThreads";
    /** The client's threads that allocated most from the gap's start to 2 s after its end: "name: bytes". */
    public static final String CLIENT_TOP_ALLOCATORS_AROUND_GAP = "clientTopAllocatingThreadsAroundGap";
    /**
     * Bytes the client's engine threads and the harness's timed thread allocated from the gap's start to 2 s after its
     * end (fixbench's watchers and relay left out): the resend of the gap's orders, by the client, is in it; -1: the
     * run ended before the reading.
     */
    public static final String CLIENT_ENGINE_ALLOCATED_AROUND_GAP_BYTES = "clientEngineAllocatedAroundGapBytes";
    /** True in a run whose gap was a cut connection (resend-storm --by cut); absent when messages were lost. */
    public static final String CUT = "connectionCut";
    /** Orders due while the session was down that the client's engine took into its session (to resend). */
    public static final String TAKEN_WHILE_DOWN = "ordersTakenWhileDown";
    public static final String SESSION_ENDED_AFTER_CUT_NANOS = "sessionEndedAfterCutNanos";
    /** From the cut's end (the relay taking connections again) to the client logged on again. */
    public static final String LOGGED_ON_AFTER_GAP_NANOS = "loggedOnAgainAfterGapEndNanos";
    /** MsgSeqNum (34) of the last message each way before the cut, and of each side's Logon after it. */
    public static final String LAST_SEQ_TO_SERVER = "lastSeqNumToServerBeforeCut";
    public static final String LAST_SEQ_TO_CLIENT = "lastSeqNumToClientBeforeCut";
    public static final String FIRST_SEQ_TO_SERVER = "firstSeqNumToServerAfterCut";
    public static final String FIRST_SEQ_TO_CLIENT = "firstSeqNumToClientAfterCut";
    public static final String WINDOW_MILLIS = ScenarioKeys.WINDOW_MILLIS;
    public static final String WINDOW_P50_NANOS = ScenarioKeys.WINDOW_P50_NANOS;
    public static final String WINDOW_MAX_NANOS = ScenarioKeys.WINDOW_MAX_NANOS;

    /** A pre-gap p99 above this: the engine was not keeping up before the gap (its "back" is then no measure). */
    public static final long SATURATED_BEFORE_NANOS = 100_000_000L;

    private ResendStormTable() {
    }

    /** One round's measured run, as {@code run.ResendStorm} saw it (null: the round measured nothing). */
    public record Round(int round, Map<?, ?> seen, String endedEarly) {
        long num(String key) {
            return seen != null && seen.get(key) instanceof Number n ? n.longValue() : -1;
        }
    }

    /** One engine at one rate, over its rounds. */
    public record Row(String engine, long rate, long gapMillis, List<Round> rounds) {
        public String verdict() {
            List<String> ended = rounds.stream().map(Round::endedEarly).filter(e -> e != null).distinct().toList();
            List<Round> seen = rounds.stream().filter(r -> r.seen() != null).toList();
            if (seen.isEmpty()) {
                return ended.isEmpty() ? "no round measured" : "ended early: " + String.join("; ", ended);
            }
            long gapOrders = seen.stream().mapToLong(r -> r.num(GAP_ORDERS)).sum();
            long gapLost = seen.stream().mapToLong(r -> r.num(GAP_ORDERS_LOST)).sum();
            long lost = seen.stream().mapToLong(r -> r.num(LOST)).sum();
            long dup = seen.stream().mapToLong(r -> r.num(DUPLICATE_ANSWERS)).sum();
            List<Long> backs = seen.stream().map(r -> r.num(BACK_AFTER_NANOS)).sorted((a, b) ->
                    Double.compare(a < 0 ? Double.POSITIVE_INFINITY : a, b < 0 ? Double.POSITIVE_INFINITY : b))
                    .toList();
            // the upper middle of an even count: the slower of the two middle rounds, so a tie does not flatter
            long medianBack = backs.get(backs.size() / 2);
            StringBuilder v = new StringBuilder();
            if (gapLost == 0) {
                v.append(String.format(Locale.ROOT, "recovered the gap: all %,d of its orders answered", gapOrders));
            } else {
                v.append(String.format(Locale.ROOT, "lost %,d of the gap's %,d orders", gapLost, gapOrders));
            }
            if (lost > gapLost) {
                v.append(String.format(Locale.ROOT, gapLost == 0 ? "; %,d other order(s) lost"
                        : ", and %,d other order(s)", lost - gapLost));
            }
            v.append(medianBack < 0 ? "; latency not back within the pre-gap p99 by the run's end"
                    : medianBack == 0 ? "; latency back within the pre-gap p99 at the gap's end"
                    : "; latency back within the pre-gap p99 " + ScenarioRounds.millis(medianBack)
                            + " after the gap's end");
            if (seen.size() > 1) {
                v.append(seen.size() % 2 == 0 ? " (the slower middle round)" : " (median of rounds)");
            }
            long saturatedBefore = seen.stream().filter(r -> r.num(PRE_P99_NANOS) > SATURATED_BEFORE_NANOS).count();
            if (saturatedBefore > 0) {
                v.append(String.format(Locale.ROOT, "; in %d round(s) the pre-gap p99 was above %s already, so "
                        + "\"back\" there says little", saturatedBefore, ScenarioRounds.millis(SATURATED_BEFORE_NANOS)));
            }
            if (dup > 0) {
                v.append(String.format(Locale.ROOT, "; %,d answer(s) unmatched or twice", dup));
            }
            if (cut()) {
                long taken = seen.stream().mapToLong(r -> r.num(TAKEN_WHILE_DOWN)).sum();
                long notSent = seen.stream().mapToLong(r -> r.num(ScenarioKeys.NOT_SENT)).sum();
                v.append(String.format(Locale.ROOT, "; while down, its client took %,d order(s) into the session "
                        + "and left %,d unsent", taken, notSent));
                String kept = numbers(seen);
                if (!kept.isEmpty()) {
                    v.append("; ").append(kept);
                }
            }
            if (!ended.isEmpty()) {
                v.append("; ended early: ").append(String.join("; ", ended));
            }
            return v.toString();
        }

        /** Whether its gap was a cut connection. */
        public boolean cut() {
            return rounds.stream().anyMatch(r -> r.seen() != null && Boolean.TRUE.equals(r.seen().get(CUT)));
        }

        /** What each side's Logon after the cut said of its numbers, in words (empty: no FIX). */
        private static String numbers(List<Round> seen) {
            List<String> said = new ArrayList<>();
            for (String[] side : new String[][] {{"client", FIRST_SEQ_TO_SERVER, LAST_SEQ_TO_SERVER},
                    {"server", FIRST_SEQ_TO_CLIENT, LAST_SEQ_TO_CLIENT}}) {
                List<String> each = seen.stream().filter(r -> r.num(side[1]) >= 0).map(r -> r.num(side[1]) == 1
                        ? "reset to 1" : r.num(side[1]) > r.num(side[2]) ? "kept its numbers" : String.format(
                        Locale.ROOT, "logged on at %,d (last before: %,d)", r.num(side[1]), r.num(side[2])))
                        .distinct().toList();
                if (!each.isEmpty()) {
                    said.add(side[0] + " " + String.join(", ", each));
                }
            }
            return String.join(", ", said);
        }
    }

    /** The rows, one per engine and rate, in the order first met. */
    public static List<Row> of(List<BenchmarkResult> results) {
        Map<String, Row> rows = new LinkedHashMap<>();
        ScenarioRounds.forEach(results, (r, engine, rate, round, seen, ended) -> {
            long gapMillis = r.labels().get("gapMillis") instanceof Number n ? n.longValue() : -1;
            rows.computeIfAbsent(engine + "@" + rate, k -> new Row(engine, rate, gapMillis, new ArrayList<>()))
                    .rounds().add(new Round(round, seen, ended));
        });
        return new ArrayList<>(rows.values());
    }

    /** The table, in markdown. */
    public static String markdown(List<Row> rows) {
        return MarkdownWriter.table(table(rows));
    }

    /** The table: a row per engine × rate, each round's figure in each cell. */
    public static Table table(List<Row> rows) {
        Table.Builder table = new Table.Builder(List.of("engine", "rate, gap", "pre-gap p99", "gap's orders: answered "
                + "of sent (p99)", "lost to server / client (messages)", "ResendRequests to server / client",
                "resent to server / client", "gap fills to server / client", "replay ended after the gap",
                "back within pre-gap p99 after the gap", "next second's p99 / worst",
                "resident set growth, server / client", "client's engine allocated, gap + 2 s", "duplicates", "runs",
                "verdict"), Table.Align.of("LLRLLLLLLLLLLLLL"));
        for (Row row : rows) {
            List<Round> rs = row.rounds().stream().filter(r -> r.seen() != null).toList();
            table.row(Table.Row.of(row, row.engine(), List.of(
                    String.format(Locale.ROOT, "%,d/s, %s", row.rate(), ScenarioRounds.millis(row.gapMillis() * 1e6)),
                    each(rs, r -> ScenarioRounds.micros(r.num(PRE_P99_NANOS))),
                    each(rs, r -> String.format(Locale.ROOT, "%,d of %,d (%s)", r.num(GAP_ORDERS)
                            - r.num(GAP_ORDERS_LOST), r.num(GAP_ORDERS), ScenarioRounds.micros(r.num(GAP_P99_NANOS)))),
                    each(rs, r -> pair(r, LOST_TO_SERVER, LOST_TO_CLIENT)),
                    each(rs, r -> pair(r, RESEND_REQUESTS_TO_SERVER, RESEND_REQUESTS_TO_CLIENT)),
                    each(rs, r -> pair(r, RESENT_TO_SERVER, RESENT_TO_CLIENT)),
                    each(rs, r -> pair(r, GAP_FILLS_TO_SERVER, GAP_FILLS_TO_CLIENT)),
                    each(rs, r -> r.num(REPLAY_ENDED_AFTER_GAP_NANOS) < 0 ? "no replay"
                            : ScenarioRounds.millis(r.num(REPLAY_ENDED_AFTER_GAP_NANOS))),
                    each(rs, r -> r.num(BACK_AFTER_NANOS) < 0 ? "not back"
                            : r.num(BACK_AFTER_NANOS) == 0 ? "at once" : ScenarioRounds.millis(r.num(BACK_AFTER_NANOS))),
                    each(rs, r -> ScenarioRounds.micros(r.num(AFTER_P99_NANOS)) + " / "
                            + ScenarioRounds.micros(r.num(AFTER_MAX_NANOS))),
                    each(rs, r -> kb(r.num(SERVER_RSS_GROWTH_KB)) + " / " + kb(r.num(CLIENT_RSS_GROWTH_KB))),
                    each(rs, r -> r.num(CLIENT_ENGINE_ALLOCATED_AROUND_GAP_BYTES) < 0 ? "-"
                            : String.format(Locale.ROOT, "%.2f MB",
                            r.num(CLIENT_ENGINE_ALLOCATED_AROUND_GAP_BYTES) / 1048576.0)),
                    each(rs, r -> String.format(Locale.ROOT, "%,d", r.num(DUPLICATE_ANSWERS))),
                    each(rs, r -> String.valueOf(r.seen().get(STATUS))), row.verdict())));
        }
        return table.build();
    }

    /** The cut's own table as markdown (empty when no gap was a cut connection). */
    public static String cutMarkdown(List<Row> rows) {
        Table cut = cutTable(rows);
        return cut == null ? "" : MarkdownWriter.table(cut);
    }

    /** The cut's own table (rows whose gap was a cut connection), or null when none was. */
    public static Table cutTable(List<Row> rows) {
        List<Row> cut = rows.stream().filter(Row::cut).toList();
        if (cut.isEmpty()) {
            return null;
        }
        Table.Builder table = new Table.Builder(List.of("engine", "rate, cut", "session ended after the cut",
                "logged on again after the cut's end (attempts)", "orders due while down: taken into the session / "
                + "not sent", "client's MsgSeqNum: last before, Logon after", "server's MsgSeqNum: last before, Logon "
                + "after", "orders lost"), Table.Align.of("LLLLLLLL"));
        for (Row row : cut) {
            List<Round> rs = row.rounds().stream().filter(r -> r.seen() != null).toList();
            table.row(Table.Row.of(row, row.engine(), List.of(
                    String.format(Locale.ROOT, "%,d/s, %s", row.rate(), ScenarioRounds.millis(row.gapMillis() * 1e6)),
                    each(rs, r -> r.num(SESSION_ENDED_AFTER_CUT_NANOS) < 0 ? "-"
                            : ScenarioRounds.millis(r.num(SESSION_ENDED_AFTER_CUT_NANOS))),
                    each(rs, r -> (r.num(LOGGED_ON_AFTER_GAP_NANOS) < 0 ? "not logged on"
                            : ScenarioRounds.millis(r.num(LOGGED_ON_AFTER_GAP_NANOS))) + " ("
                            + r.num(ScenarioKeys.ATTEMPTS) + ")"),
                    each(rs, r -> String.format(Locale.ROOT, "%,d / %,d", r.num(TAKEN_WHILE_DOWN),
                            r.num(ScenarioKeys.NOT_SENT))),
                    each(rs, r -> ScenarioRounds.seq(r.num(LAST_SEQ_TO_SERVER), r.num(FIRST_SEQ_TO_SERVER))),
                    each(rs, r -> ScenarioRounds.seq(r.num(LAST_SEQ_TO_CLIENT), r.num(FIRST_SEQ_TO_CLIENT))),
                    each(rs, r -> String.format(Locale.ROOT, "%,d", r.num(LOST))))));
        }
        return table.build();
    }

    private static String pair(Round r, String toServer, String toClient) {
        return String.format(Locale.ROOT, "%,d / %,d", r.num(toServer), r.num(toClient));
    }

    private static String kb(long kb) {
        return kb < 0 ? "-" : String.format(Locale.ROOT, "%.1f MB", kb / 1024.0);
    }

    private static String each(List<Round> rounds, java.util.function.Function<Round, String> f) {
        return ScenarioRounds.each(rounds, f);
    }
}
