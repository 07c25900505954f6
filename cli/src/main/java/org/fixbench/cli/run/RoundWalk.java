package org.fixbench.cli.run;

import java.util.ArrayList;
import java.util.List;

import org.fixbench.harness.results.BenchmarkResult;

/**
 * The rounds of an interleaved comparison, walked in their planned order ({@link RunOrder}): each engine's turn in
 * a round, its results per rate placed as run in that round and slot, and every engine run paired with the floor run
 * beside it. One loop for a comparison on one machine ({@link Sweep}) and one across hosts (the cluster module);
 * what a turn does (a forked engine pair, or every client host at its share) is the caller's.
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

    /** A walk over {@code engines} × {@code rates} benchmarks (index engine × rates + rate). */
    public RoundWalk(int engines, List<Long> rates) {
        this.rates = List.copyOf(rates);
        this.rateCount = rates.size();
        for (int i = 0; i < engines * rateCount; i++) {
            results.add(new ArrayList<>());
            pairedFloorRuns.add(new ArrayList<>());
        }
    }

    /**
     * Walks {@code order}'s rounds, a turn at a time, until every turn ran or one said stop.
     *
     * @return whether every turn ran
     */
    public boolean walk(List<List<RunOrder.Slot>> order, Turns turns) {
        for (int round = 1; round <= order.size(); round++) {
            List<RunOrder.Slot> slots = order.get(round - 1);
            int[][] floorRunAt = new int[slots.size()][rateCount];
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < slots.size(); i++) {
                RunOrder.Slot slot = slots.get(i);
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
                if (turn.stop()) {
                    resolvePairs(slots, i, floorRunAt);
                    sequence.add("round " + round + ": " + String.join(", ", labels));
                    return false;
                }
            }
            resolvePairs(slots, slots.size() - 1, floorRunAt);
            sequence.add("round " + round + ": " + String.join(", ", labels));
        }
        return true;
    }

    /** Per benchmark (engine × rates + rate), its runs so far, one result per round: live, for a signal's results. */
    public List<List<BenchmarkResult>> results() {
        return results;
    }

    /** Per benchmark, the number (within the floor benchmark at its rate) of each run's floor run; 0 when none ran. */
    public List<Integer> pairedFloorRuns(int benchmark) {
        return pairedFloorRuns.get(benchmark);
    }

    /** The turns as they ran, a line per round. */
    public List<String> sequence() {
        return sequence;
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
