package org.fixbench.cli.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.results.JvmPauses;
import org.fixbench.cli.results.Labels;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.machine.PinOutcome;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;

/**
 * The rounds of an interleaved comparison, walked in their planned order ({@link RunOrder}): each engine's turn in
 * a round, its results per rate placed as run in that round and slot, and every engine run paired with the floor run
 * beside it. One loop for a comparison on one machine ({@link Sweep}) and one across hosts (the cluster module);
 * what a turn does (a forked engine pair, or every client host at its share) is the caller's. At the end, or at any
 * moment for a signal, each benchmark's rounds become one result ({@link #merge}), the same way for both.
 *
 * <p>Walked by one thread; {@link #mergedSoFar} may be called from another (a signal's handler): it reads an
 * immutable copy of the rounds, published after every turn, so nothing it reads changes under it.
 */
public final class RoundWalk {
    /**
     * One engine's turn: its results, one per rate that ran (each under its engine × rate configuration, whose target
     * rate is one of the comparison's), the label the run sequence shows, and whether the comparison stops after it.
     */
    public record Turn(String label, List<BenchmarkResult> perRate, boolean stop) {
    }

    /** Runs one turn: round {@code round} (from 1), its {@code number}th slot (from 1), {@code slot}. */
    @FunctionalInterface
    public interface Turns {
        Turn run(int round, int number, RunOrder.Slot slot);
    }

    private final int rateCount;
    private final List<Long> rates;
    private final List<List<BenchmarkResult>> results = new ArrayList<>();
    private final List<List<Integer>> pairedFloorRuns = new ArrayList<>();
    private final List<String> sequence = new ArrayList<>();
    /** The engines left out after a turn of theirs ended early (the comparison went on without them), by index. */
    private final Map<Integer, String> leftOut = new LinkedHashMap<>();
    /** Why each engine left out ended early, as {@link #run} was told: "LABEL: reason (round N)". */
    private final List<String> leftOutReasons = new ArrayList<>();
    /** The engines of the walk's turns that are not the floor's. */
    private final java.util.Set<Integer> contenders = new java.util.HashSet<>();
    /** {@link #results}, copied after every turn: what another thread reads. */
    private volatile List<List<BenchmarkResult>> published;

    /** A walk over {@code engines} × {@code rates} benchmarks (index engine × rates + rate). */
    public RoundWalk(int engines, List<Long> rates) {
        this.rates = List.copyOf(rates);
        this.rateCount = rates.size();
        for (int i = 0; i < engines * rateCount; i++) {
            results.add(new ArrayList<>());
            pairedFloorRuns.add(new ArrayList<>());
        }
        publish();
    }

    /**
     * Walks {@code order}'s rounds, a turn at a time, until every turn ran or one said stop: an engine whose turn
     * ended early is left out of the rounds after (its slots skipped) and the others go on, unless it stops them all
     * ({@link #stopsAll}).
     *
     * @return whether the walk went to its end (false: a turn stopped it)
     */
    public boolean walk(List<List<RunOrder.Slot>> order, Turns turns) {
        order.forEach(slots -> slots.stream().filter(s -> !s.floor()).forEach(s -> contenders.add(s.engine())));
        for (int round = 1; round <= order.size(); round++) {
            List<RunOrder.Slot> slots = order.get(round - 1);
            int[][] floorRunAt = new int[slots.size()][rateCount];
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < slots.size(); i++) {
                RunOrder.Slot slot = slots.get(i);
                if (!slot.floor() && leftOut.containsKey(slot.engine())) {
                    labels.add(leftOut.get(slot.engine()) + " (left out)");
                    continue;
                }
                Turn turn = turns.run(round, i + 1, slot);
                labels.add(turn.label());
                for (BenchmarkResult one : turn.perRate()) {
                    int r = rates.indexOf(one.config().targetRatePerSecond());
                    int b = slot.engine() * rateCount + r;
                    results.get(b).add(placed(one, round, i + 1));
                    if (slot.floor()) {
                        floorRunAt[i][r] = results.get(b).size();
                    }
                }
                publish();
                if (turn.stop()) {
                    if (stopsAll(slot)) {
                        resolvePairs(slots, i, floorRunAt);
                        sequence.add("round " + round + ": " + String.join(", ", labels));
                        return false;
                    }
                    leftOut.put(slot.engine(), turn.label());
                }
            }
            resolvePairs(slots, slots.size() - 1, floorRunAt);
            sequence.add("round " + round + ": " + String.join(", ", labels));
        }
        return true;
    }

    /**
     * Whether a turn of {@code slot} that ended early stops the whole walk: the floor's does (every engine is paired
     * with it), as does the last engine's still in; any other engine's is left out and the others go on.
     */
    public boolean stopsAll(RunOrder.Slot slot) {
        if (slot.floor()) {
            return true;
        }
        java.util.Set<Integer> still = new java.util.HashSet<>(contenders);
        still.removeAll(leftOut.keySet());
        still.remove(slot.engine());
        return still.isEmpty();
    }

    /** Why each engine left out ended early ("LABEL: reason (round N)"), in the order it happened. */
    public List<String> leftOut() {
        return List.copyOf(leftOutReasons);
    }

    /** Told of each turn as it starts and ends (a comparison's progress lines). */
    public interface TurnListener {
        TurnListener NONE = new TurnListener() {
        };

        /** Engine {@code engine}'s turn, the {@code number}th of round {@code round}, starts. */
        default void starting(int round, int number, int engine, String label) {
        }

        /** Engine {@code engine}'s turn ended. */
        default void ended(int engine) {
        }
    }

    /** A walk over {@code plan}'s benchmarks. */
    public static RoundWalk of(ComparisonPlan plan) {
        return new RoundWalk(plan.engines().size(), plan.rates());
    }

    /**
     * Runs {@code plan}'s turns by {@code executor}, round by round in the planned order, a line for each, until
     * every turn ran or one stopped the comparison: the one loop for a comparison in this process, forked, or across
     * hosts. An engine whose turn ended early (its session lost, its acceptor dead) is left out and the comparison
     * goes on with the others ({@link #leftOut}); the floor's, or the last engine's, stops it.
     *
     * @return why the comparison stopped early, or null when it went to its end
     */
    public String run(ComparisonPlan plan, Executor executor, java.io.PrintStream out, TurnListener listener) {
        String[] stopReason = new String[1];
        walk(plan.order(), (round, number, slot) -> {
            int e = slot.engine();
            String label = executor.turnLabel(plan, e);
            listener.starting(round, number, e, label);
            out.println();
            out.println("=== round " + round + "/" + plan.rounds() + " [" + number + "/" + plan.turnsPerRound() + "] "
                    + label + (slot.floor() ? " (floor)" : "") + executor.where());
            Executor.Turn turn = executor.turn(plan, round, e);
            listener.ended(e);
            if (turn.stopped()) {
                if (stopsAll(slot)) {
                    stopReason[0] = turn.stopReason();
                    out.println("Comparison stopped: " + turn.stopReason());
                } else {
                    leftOutReasons.add(turn.stopReason() + " (round " + round + ")");
                    out.println("Left out for the rest of the comparison, which goes on without it: "
                            + turn.stopReason());
                }
            }
            return new Turn(label, turn.perRate(), turn.stopped());
        });
        return stopReason[0];
    }

    private void publish() {
        published = results.stream().map(List::copyOf).toList();
    }

    /** Per benchmark (engine × rates + rate), its results so far, one per round (a copy made after the last turn). */
    public List<List<BenchmarkResult>> results() {
        return published;
    }

    /** A benchmark's rounds merged into one result ({@code benchmark}: engine × rates + rate). */
    public record Merged(int benchmark, BenchmarkResult result) {
    }

    /**
     * Every benchmark that ran, its rounds merged under its configuration ({@code configs}, per benchmark), and, for
     * every engine but the floor ({@code floor}: its index among the engines, -1 for none), the floor's label and
     * the number of the floor run beside each of its runs.
     */
    public List<Merged> merged(List<HarnessConfig> configs, int floor, String floorLabel) {
        List<Merged> out = new ArrayList<>();
        List<List<BenchmarkResult>> done = published;
        for (int i = 0; i < done.size(); i++) {
            if (done.get(i).isEmpty()) {
                continue;
            }
            BenchmarkResult merged = merge(configs.get(i), done.get(i));
            if (floor >= 0 && i / rateCount != floor) {
                merged.labels().put(ResultLabels.PAIRED_FLOOR_RUNS, pairedFloorRuns(i));
                merged.labels().put(ResultLabels.FLOOR, floorLabel);
            }
            out.add(new Merged(i, merged));
        }
        return out;
    }

    /**
     * What was measured so far, each benchmark's rounds merged (for a comparison stopped by a signal, from any
     * thread); without the floor's pairing, which is known only at a round's end.
     */
    public List<BenchmarkResult> mergedSoFar(List<HarnessConfig> configs) {
        List<BenchmarkResult> out = new ArrayList<>();
        List<List<BenchmarkResult>> done = published;
        for (int i = 0; i < done.size(); i++) {
            if (!done.get(i).isEmpty()) {
                out.add(merge(configs.get(i), done.get(i)));
            }
        }
        return out;
    }

    /** The index of the first floor among {@code engines} (raw TCP), or -1. */
    public static int floorOf(List<Contender> engines) {
        for (int e = 0; e < engines.size(); e++) {
            if (engines.get(e).isFloor()) {
                return e;
            }
        }
        return -1;
    }


    /** Per benchmark, the number (within the floor benchmark at its rate) of each run's floor run; 0 when none ran. */
    public List<Integer> pairedFloorRuns(int benchmark) {
        return pairedFloorRuns.get(benchmark);
    }

    /** The turns as they ran, a line per round. */
    public List<String> sequence() {
        return sequence;
    }

    /**
     * One benchmark's result from its single-run rounds: run k is round k's run (renumbered; left out of summaries
     * when it is run 1 and the configuration skips the first run, which in an interleaved comparison discards the
     * whole first round); the labels and warm-up are the first round's; every round's pinning outcomes and engine
     * notes are kept (one that differs between rounds says which rounds it held in); the first round that ended
     * early gives the reason.
     */
    public static BenchmarkResult merge(HarnessConfig config, List<BenchmarkResult> rounds) {
        List<RunResult> runs = new ArrayList<>();
        String abortReason = null;
        Map<String, List<Integer>> notes = new LinkedHashMap<>();
        Map<String, List<Integer>> pinDescriptions = new LinkedHashMap<>();
        Map<String, PinOutcome> pins = new LinkedHashMap<>();
        int roundNumber = 0;
        for (BenchmarkResult r : rounds) {
            roundNumber++;
            for (RunResult run : r.runs()) {
                int k = runs.size() + 1;
                runs.add(run.renumbered(k, k == 1 && config.skipFirstRun()));
            }
            if (abortReason == null && r.aborted()) {
                abortReason = r.abortReason();
            }
            for (String note : Labels.of(r).engineNotes()) {
                notes.computeIfAbsent(note, n -> new ArrayList<>()).add(roundNumber);
            }
            for (PinOutcome p : r.pinning()) {
                pinDescriptions.computeIfAbsent(p.describe(), d -> new ArrayList<>()).add(roundNumber);
                pins.putIfAbsent(p.describe(), p);
            }
        }
        int all = rounds.size();
        List<String> mergedNotes = new ArrayList<>();
        notes.forEach((note, in) -> mergedNotes.add(note + roundsSuffix(in, all)));
        List<PinOutcome> mergedPins = new ArrayList<>();
        pinDescriptions.forEach((d, in) -> {
            PinOutcome p = pins.get(d);
            mergedPins.add(new PinOutcome(p.role(), p.thread(), p.cpu(), p.pinned(),
                    p.note() + roundsSuffix(in, all)));
        });
        BenchmarkResult first = rounds.get(0);
        Map<String, Object> labels = new LinkedHashMap<>(first.labels());
        List<String> profileFiles = new ArrayList<>();
        for (BenchmarkResult r : rounds) {
            profileFiles.addAll(Labels.of(r).profiles());
        }
        if (!profileFiles.isEmpty()) {
            labels.put(ResultLabels.PROFILES, profileFiles);
        }
        List<Object> pauses = new ArrayList<>(); // each round's, numbered as its runs are here
        int before = 0;
        for (BenchmarkResult r : rounds) {
            for (JvmPauses p : JvmPauses.fromLabels(r.labels())) {
                pauses.add(p.renumbered(before + p.run()).toLabel());
            }
            before += r.runs().size();
        }
        labels.remove(JvmPauses.LABEL);
        if (!pauses.isEmpty()) {
            labels.put(JvmPauses.LABEL, pauses);
        }
        if (!mergedNotes.isEmpty() || Labels.of(first).hasEngineNotes()) {
            labels.put(ResultLabels.ENGINE_NOTES, mergedNotes);
        }
        long lateWarmups = rounds.stream().mapToLong(BenchmarkResult::warmupLateReplies).sum();
        long stray = rounds.stream().mapToLong(BenchmarkResult::straySamples).sum();
        return new BenchmarkResult(first.name(), config, labels, first.warmupIterations(), runs, mergedPins,
                abortReason, lateWarmups, stray, rounds.stream().anyMatch(BenchmarkResult::warmupEndedCompiling));
    }

    private static String roundsSuffix(List<Integer> in, int all) {
        if (in.size() == all) {
            return "";
        }
        return in.size() == 1 ? " (round " + in.get(0) + ")"
                : " (rounds " + String.join(", ", in.stream().map(String::valueOf).toList()) + ")";
    }

    /** The result with each of its runs marked as run in {@code round} at {@code slot} (null stays null). */
    public static BenchmarkResult placed(BenchmarkResult result, int round, int slot) {
        if (result == null) {
            return null;
        }
        return new BenchmarkResult(result.name(), result.config(), result.labels(), result.warmupIterations(),
                result.runs().stream().map(r -> r.placed(round, slot)).toList(), result.pinning(),
                result.abortReason(), result.warmupLateReplies(), result.straySamples(), result.warmupEndedCompiling());
    }

    /**
     * For every engine run of the round up to {@code last} that ran, the number (within the floor benchmark at its
     * rate) of the floor run adjacent to it; 0 when that floor run did not happen.
     */
    private void resolvePairs(List<RunOrder.Slot> slots, int last, int[][] floorRunAt) {
        for (int i = 0; i <= last; i++) {
            RunOrder.Slot slot = slots.get(i);
            if (slot.floor() || slot.pairedSlot() < 0) {
                continue;
            }
            for (int r = 0; r < rateCount; r++) {
                int b = slot.engine() * rateCount + r;
                List<Integer> pairs = pairedFloorRuns.get(b);
                if (pairs.size() < results.get(b).size()) {
                    pairs.add(floorRunAt[slot.pairedSlot()][r]);
                }
            }
        }
    }
}
