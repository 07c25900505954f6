package org.fixbench.cli.scenario.serverrestart;

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
 * The {@code server-restart} scenario judged: per engine and rate, what each round's measured run showed around the
 * server's kill (see {@code run.ServerRestart}): when the client saw its session end, when the server listened again,
 * when a fresh client had logged on again and the first order was answered after that, the orders lost (not sent
 * while the session was gone, or sent and never answered: every one counted), the sequence numbers each side used
 * before the kill and on the first message after it, and when latency was back within the pre-kill p99.
 */
public final class ServerRestartTable {
    public static final String RUN = ScenarioKeys.RUN;
    public static final String STATUS = ScenarioKeys.STATUS;
    public static final String KILL_NANOS = "killNanosIntoRun";
    /** Why the server could not be killed (absent: it was). */
    public static final String KILL_FAILURE = "killFailure";
    public static final String LOGGED_ON_NANOS = "loggedOnAgainNanosIntoRun";
    public static final String SESSION_ENDED_AFTER_KILL_NANOS = "sessionEndedAfterKillNanos";
    public static final String LOGGED_ON_AFTER_KILL_NANOS = "loggedOnAgainAfterKillNanos";
    public static final String FIRST_ANSWER_AFTER_KILL_NANOS = "firstAnswerAfterKillNanos";
    public static final String ATTEMPTS = ScenarioKeys.ATTEMPTS;
    /** How many times the session ended before it stayed up (more than 1: a log-on that did not last). */
    public static final String SESSION_ENDS = ScenarioKeys.SESSION_ENDS;
    public static final String END_REASON = ScenarioKeys.END_REASON;
    public static final String LAST_REFUSAL = "lastRefusedLogOn";
    public static final String ORDERS = ScenarioKeys.ORDERS;
    public static final String LOST = ScenarioKeys.LOST;
    public static final String NOT_SENT = ScenarioKeys.NOT_SENT;
    public static final String PRE_P99_NANOS = "preKillP99Nanos";
    public static final String AFTER_P99_NANOS = "afterLogOnSecondP99Nanos";
    public static final String BACK_AFTER_NANOS = "backWithinPreKillP99AfterKillNanos";
    public static final String DUPLICATE_ANSWERS = ScenarioKeys.DUPLICATE_ANSWERS;
    /** MsgSeqNum (34) of the last message each way before the kill, and of the first after it (-1: none seen). */
    public static final String LAST_SEQ_TO_SERVER = "lastSeqNumToServerBeforeKill";
    public static final String LAST_SEQ_TO_CLIENT = "lastSeqNumToClientBeforeKill";
    public static final String FIRST_SEQ_TO_SERVER = "firstSeqNumToServerAfterKill";
    public static final String FIRST_SEQ_TO_CLIENT = "firstSeqNumToClientAfterKill";
    /** How long the forked server took from its death to listening again (a fresh JVM), from the orchestrator. */
    public static final String SERVER_LISTENING_AFTER_DEATH_NANOS = ScenarioKeys.SERVER_LISTENING_AFTER_DEATH_NANOS;
    public static final String WINDOW_MILLIS = ScenarioKeys.WINDOW_MILLIS;
    public static final String WINDOW_P50_NANOS = ScenarioKeys.WINDOW_P50_NANOS;
    public static final String WINDOW_MAX_NANOS = ScenarioKeys.WINDOW_MAX_NANOS;
    /** The orders due in this long after the fresh log-on: the restarted server's first second. */
    public static final long AFTER_WINDOW_NANOS = 1_000_000_000L;

    private ServerRestartTable() {
    }

    /** One round's measured run, as {@code run.ServerRestart} saw it (null: the round measured nothing). */
    public record Round(int round, Map<?, ?> seen, String endedEarly) {
        long num(String key) {
            return seen != null && seen.get(key) instanceof Number n ? n.longValue() : -1;
        }
    }

    /** One engine at one rate, over its rounds. */
    public record Row(String engine, long rate, List<Round> rounds) {
        public String verdict() {
            List<String> ended = rounds.stream().map(Round::endedEarly).filter(e -> e != null).distinct().toList();
            List<Round> seen = rounds.stream().filter(r -> r.seen() != null).toList();
            if (seen.isEmpty()) {
                return ended.isEmpty() ? "no round measured" : "ended early: " + String.join("; ", ended);
            }
            List<String> notKilled = seen.stream().map(r -> r.seen().get(KILL_FAILURE)).filter(x -> x != null)
                    .map(String::valueOf).distinct().toList();
            if (!notKilled.isEmpty()) {
                return "the scenario failed: " + String.join("; ", notKilled);
            }
            List<Round> back = seen.stream().filter(r -> r.num(LOGGED_ON_AFTER_KILL_NANOS) >= 0).toList();
            StringBuilder v = new StringBuilder();
            if (back.size() < seen.size()) {
                Round failed = seen.stream().filter(r -> r.num(LOGGED_ON_AFTER_KILL_NANOS) < 0).findFirst()
                        .orElseThrow();
                v.append(String.format(Locale.ROOT, "not logged on again in %d of %d round(s)", seen.size()
                        - back.size(), seen.size()));
                Object refusal = failed.seen().get(LAST_REFUSAL);
                if (refusal != null) {
                    v.append(" (last refusal: ").append(refusal).append(')');
                }
            }
            if (!back.isEmpty()) {
                long logOn = slowerMiddle(back.stream().map(r -> r.num(LOGGED_ON_AFTER_KILL_NANOS)).toList());
                long first = slowerMiddle(back.stream().map(r -> r.num(FIRST_ANSWER_AFTER_KILL_NANOS)).toList());
                v.append(v.length() > 0 ? "; " : "").append("logged on again ").append(ScenarioRounds.millis(logOn))
                        .append(" after the kill, first order answered ").append(first < 0 ? "never"
                                : ScenarioRounds.millis(first) + " after it");
                if (back.size() > 1) {
                    v.append(back.size() % 2 == 0 ? " (the slower middle round)" : " (median of rounds)");
                }
            }
            long lost = seen.stream().mapToLong(r -> r.num(LOST)).sum();
            long notSent = seen.stream().mapToLong(r -> r.num(NOT_SENT)).sum();
            v.append(String.format(Locale.ROOT, "; %,d order(s) lost, all counted: %,d not sent while the session "
                    + "was gone, %,d sent and never answered", lost, notSent, lost - notSent));
            String seq = seqNums(seen);
            if (!seq.isEmpty()) {
                v.append("; ").append(seq);
            }
            long dup = seen.stream().mapToLong(r -> r.num(DUPLICATE_ANSWERS)).sum();
            if (dup > 0) {
                v.append(String.format(Locale.ROOT, "; %,d answer(s) unmatched or twice", dup));
            }
            if (!ended.isEmpty()) {
                v.append("; ended early: ").append(String.join("; ", ended));
            }
            return v.toString();
        }

        /** What each side's first message after the kill said of its sequence numbers, in words (empty: no FIX). */
        private static String seqNums(List<Round> seen) {
            List<String> said = new ArrayList<>();
            for (String[] side : new String[][] {{"client", FIRST_SEQ_TO_SERVER, LAST_SEQ_TO_SERVER},
                    {"server", FIRST_SEQ_TO_CLIENT, LAST_SEQ_TO_CLIENT}}) {
                List<String> each = new ArrayList<>();
                for (Round r : seen) {
                    long first = r.num(side[1]);
                    long last = r.num(side[2]);
                    if (first < 0) {
                        continue;
                    }
                    each.add(first == 1 ? "reset to 1" : first == last + 1 ? String.format(Locale.ROOT, "went on from %,d", last)
                            : String.format(Locale.ROOT, "began at %,d (last before: %,d)", first, last));
                }
                if (!each.isEmpty()) {
                    said.add(side[0] + " " + String.join(", ", each.stream().distinct().toList()));
                }
            }
            return said.isEmpty() ? "" : "sequence numbers: " + String.join("; ", said);
        }
    }

    /** The slower of the two middle values of an even count, the middle of an odd one; a negative one is slowest. */
    static long slowerMiddle(List<Long> values) {
        List<Long> sorted = values.stream().sorted((a, b) -> Double.compare(a < 0 ? Double.POSITIVE_INFINITY : a,
                b < 0 ? Double.POSITIVE_INFINITY : b)).toList();
        return sorted.get(sorted.size() / 2);
    }

    /** The rows, one per engine and rate, in the order first met. */
    public static List<Row> of(List<BenchmarkResult> results) {
        Map<String, Row> rows = new LinkedHashMap<>();
        ScenarioRounds.forEach(results, (r, engine, rate, round, m, ended) -> {
            Map<Object, Object> seen = null;
            if (m != null) { // the orchestrator's reading of the server's restart, with the client's
                seen = new LinkedHashMap<>(m);
                if (r.labels().get(SERVER_LISTENING_AFTER_DEATH_NANOS) instanceof Number n) {
                    seen.put(SERVER_LISTENING_AFTER_DEATH_NANOS, n.longValue());
                }
            }
            rows.computeIfAbsent(engine + "@" + rate, k -> new Row(engine, rate, new ArrayList<>()))
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
        Table.Builder table = new Table.Builder(List.of("engine", "rate", "pre-kill p99", "session ended after the kill",
                "server listening again after its death", "logged on again after the kill (attempts)",
                "first order answered after the kill", "orders lost: not sent / sent, never answered",
                "MsgSeqNum to server: last before, first after", "MsgSeqNum to client: last before, first after",
                "p99 of the first second after log-on", "back within pre-kill p99 after the kill", "duplicates", "runs",
                "verdict"), Table.Align.of("LLRLLLLLLLLLLLL"));
        for (Row row : rows) {
            List<Round> rs = row.rounds().stream().filter(r -> r.seen() != null).toList();
            table.row(Table.Row.of(row, row.engine(), List.of(String.format(Locale.ROOT, "%,d/s", row.rate()),
                    each(rs, r -> ScenarioRounds.micros(r.num(PRE_P99_NANOS))),
                    each(rs, r -> time(r.num(SESSION_ENDED_AFTER_KILL_NANOS))),
                    each(rs, r -> time(r.num(SERVER_LISTENING_AFTER_DEATH_NANOS))),
                    each(rs, r -> time(r.num(LOGGED_ON_AFTER_KILL_NANOS)) + " (" + r.num(ATTEMPTS) + ")"),
                    each(rs, r -> time(r.num(FIRST_ANSWER_AFTER_KILL_NANOS))),
                    each(rs, r -> String.format(Locale.ROOT, "%,d / %,d", r.num(NOT_SENT),
                            r.num(LOST) - r.num(NOT_SENT))),
                    each(rs, r -> seq(r, LAST_SEQ_TO_SERVER, FIRST_SEQ_TO_SERVER)),
                    each(rs, r -> seq(r, LAST_SEQ_TO_CLIENT, FIRST_SEQ_TO_CLIENT)),
                    each(rs, r -> ScenarioRounds.micros(r.num(AFTER_P99_NANOS))),
                    each(rs, r -> r.num(BACK_AFTER_NANOS) < 0 ? "not back"
                            : ScenarioRounds.millis(r.num(BACK_AFTER_NANOS))),
                    each(rs, r -> String.format(Locale.ROOT, "%,d", r.num(DUPLICATE_ANSWERS))),
                    each(rs, r -> String.valueOf(r.seen().get(STATUS))), row.verdict())));
        }
        return table.build();
    }

    private static String time(long nanos) {
        return nanos < 0 ? "-" : ScenarioRounds.millis(nanos);
    }

    private static String seq(Round r, String last, String first) {
        return ScenarioRounds.seq(r.num(last), r.num(first));
    }


    private static String each(List<Round> rounds, java.util.function.Function<Round, String> f) {
        return ScenarioRounds.each(rounds, f);
    }
}
