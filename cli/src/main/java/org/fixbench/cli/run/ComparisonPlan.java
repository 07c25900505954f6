package org.fixbench.cli.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.fixbench.cli.options.RunOptions;
import org.fixbench.harness.api.HarnessConfig;

/**
 * An interleaved comparison, planned before anything runs, and pure: from the options, the contenders, the rates, the
 * rounds and the seed alone (no process, no clock, no machine), the same plan every time. What runs it (in this
 * process or forked: {@link Sweep}; across hosts: the cluster module) walks its {@link #order} with a
 * {@link RoundWalk} and records each benchmark's runs under its {@link #configs configuration}.
 *
 * @param engines the contenders, in the order named
 * @param rates the rates, in the order named
 * @param configs per benchmark (engine × rates + rate): the configuration its merged result is recorded under
 * @param singles per benchmark: one run of it, as a turn's run at that rate is recorded
 * @param stepping per engine: its turn, one engine pair warmed up once, then one run at each rate, highest first
 * @param floor the index of the floor among the engines (raw TCP), or -1
 * @param order per round, its turns in order, each engine's next to a floor turn when there is a floor
 * @param seed the seed of the order's shuffle (recorded with the results)
 */
public record ComparisonPlan(List<Contender> engines, List<Long> rates, List<HarnessConfig> configs,
                             List<HarnessConfig> singles, List<HarnessConfig> stepping, int floor,
                             List<List<RunOrder.Slot>> order, long seed) {

    public ComparisonPlan {
        engines = List.copyOf(engines);
        rates = List.copyOf(rates);
        configs = List.copyOf(configs);
        singles = List.copyOf(singles);
        stepping = List.copyOf(stepping);
        order = order.stream().map(List::copyOf).toList();
    }

    /**
     * The plan of {@code rounds} interleaved rounds; every configuration validated first ({@link
     * Sweep#planContenders}), so a bad option fails before anything runs.
     *
     * @param runNanos a run's length where the options give none
     * @param warmupNanos the warm-up's where the options give none
     */
    public static ComparisonPlan interleaved(RunOptions options, List<Contender> engines, List<Long> rates,
                                             int rounds, long seed, long runNanos, long warmupNanos) {
        List<HarnessConfig> configs = Sweep.planContenders(options, engines, rates, runNanos, warmupNanos);
        long[] descending = descending(rates);
        List<HarnessConfig> singles = new ArrayList<>();
        List<HarnessConfig> stepping = new ArrayList<>();
        for (Contender spec : engines) {
            for (long rate : rates) {
                singles.add(options.configure(Sweep.benchmarkName(spec, rate), rate, runNanos, warmupNanos)
                        .runs(1).skipFirstRun(false).build());
            }
            stepping.add(options.configure(Sweep.benchmarkName(spec, descending[0]), descending[0], runNanos,
                    warmupNanos).runs(rates.size()).runRates(descending).skipFirstRun(false).build());
        }
        int floor = RoundWalk.floorOf(engines);
        return new ComparisonPlan(engines, rates, configs, singles, stepping, floor,
                RunOrder.plan(engines.size(), floor, 1, rounds, seed), seed);
    }

    /**
     * The rates highest first, as each turn runs them: the warm-up at the highest rate brings every hot method to C2
     * soonest; at 2,000/s first, the per-send methods reached C2 only inside the first measured run (client JIT
     * 178 ms in it).
     */
    static long[] descending(List<Long> rates) {
        return rates.stream().sorted(Comparator.reverseOrder()).mapToLong(Long::longValue).toArray();
    }

    /** The rates highest first. */
    public long[] descendingRates() {
        return descending(rates);
    }

    public int rounds() {
        return order.size();
    }

    /** The turns of each round. */
    public int turnsPerRound() {
        return order.isEmpty() ? 0 : order.get(0).size();
    }

    /** The turns' schedules summed (warm-ups, runs, pauses): the planned work, before any overhead of running it. */
    public long plannedNanos() {
        return order.stream().flatMap(List::stream).mapToLong(s -> Sweep.plannedNanos(stepping.get(s.engine())))
                .sum();
    }

    /** What a turn of engine {@code e} is called in progress lines: its label and the rates it steps through. */
    public String turnLabel(int e) {
        List<String> each = new ArrayList<>();
        for (long r : descendingRates()) {
            each.add(String.format(Locale.ROOT, "%,d", r));
        }
        return engines.get(e).label() + " @ " + String.join(", ", each) + "/s";
    }

    /** The environment's note of how engine pairs were used. */
    public String enginePairsNote() {
        List<String> each = new ArrayList<>();
        for (long r : descendingRates()) {
            each.add(String.format(Locale.ROOT, "%,d/s", r));
        }
        return "one engine pair per engine and round, warmed up once, then one run at each rate in turn ("
                + String.join(", ", each) + "), each after settling passes at its rate";
    }
}
