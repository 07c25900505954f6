package org.fixbench.cli.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

import org.fixbench.cli.report.doc.Document;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.run.ForkedRun;
import org.fixbench.cli.run.Sweep;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.results.BenchmarkResult;

/**
 * A scripted disturbance on top of the steady, coordinated-omission-corrected load, measured alike for every engine
 * ({@code scripts/fixbench scenario NAME}): one folder each ({@code scenario.<name>}), found by {@link
 * ScenarioRegistry} from one line in {@code META-INF/services}. A scenario is its name, its options, its refusals and
 * plan ({@link #plan}: the rounds it runs, each run carrying a {@link org.fixbench.cli.run.ClientScenario.Plan} that
 * opens its side of the forked client, where it watches the runs and observes), its table (in its folder, read from
 * what the runs observed) and its report ({@link #report}).
 */
public interface Scenario {
    /** The engines when none are named: each engine's profile that waits without spinning where it has one. */
    String DEFAULT_ENGINES = "tcp:yield,sbe:yield,philadelphia:yield,quickfixj:tuned,artio:tuned";

    /** Its name on the command line and in its folder's environment ({@code scenario.name}). */
    String name();

    /** One sentence for the command's help: what it does to each engine and how its rounds run. */
    String summary();

    /**
     * Its own options, an object with picocli {@code @Option} fields (added to the command as a mixin; each is
     * refused for the other scenarios), or null.
     */
    default Object options() {
        return null;
    }

    /**
     * Checks its options and the shared ones (each refusal an {@link IllegalArgumentException} of one line) and
     * says how its rounds run.
     */
    Rounds plan(Request request);

    /**
     * Its report from a folder's environment and results ({@code folder}; charts into {@code out} when not null), or,
     * with {@code folder} null, what a signal left ({@code partialReason}).
     */
    Document report(Map<String, Object> env, List<BenchmarkResult> results, Path folder, Path out,
                    String partialReason);

    /** What the command was given that every scenario reads. */
    record Request(RunOptions options, String engines, String rates, Predicate<String> given) {
        /** The engines named, or {@code defaults}. */
        public List<EngineSpec> specs(String defaults) {
            return EngineSpec.parseList(engines == null ? defaults : engines);
        }

        /** The options, pinning by default, once {@code --runs} (the number of rounds) is found to be 1 or more. */
        public RunOptions rounds() {
            options.pinByDefault();
            if (options.runs() < 1) {
                throw new IllegalArgumentException("--runs must be 1 or more (was " + options.runs() + ")");
            }
            return options;
        }

        /**
         * Refuses what a comparison of {@code specs} at {@code rates} with runs of {@code runNanos} would refuse, and
         * reads the statuses that fail the command.
         */
        public void refusals(List<EngineSpec> specs, List<Long> rates, long runNanos) {
            Sweep.plan(options, specs, rates, runNanos, Sweep.DEFAULT_WARMUP_NANOS);
            options.failOnStatuses();
        }
    }

    /**
     * The verdicts kept in {@code summary.json} ({@code scenarioVerdicts}): per row of the scenario's table (made by
     * {@code table} from the results), its engine, rate and verdict.
     */
    static <R> Function<List<BenchmarkResult>, List<Map<String, Object>>> verdicts(
            Function<List<BenchmarkResult>, List<R>> table, Function<R, Object> engine, Function<R, Object> rate,
            Function<R, Object> verdict) {
        return results -> table.apply(results).stream().map(r -> Map.<String, Object>of("engine", engine.apply(r),
                "rate", rate.apply(r), "verdict", verdict.apply(r))).toList();
    }

    /**
     * How a scenario's rounds run: every engine at every rate once a round, each a fresh pair of JVMs ({@code
     * benchmark} says what is run), the environment recorded ({@code environment}: the scenario's, its name first),
     * the verdicts kept with the results. An engine that could not start stops them when {@code stopOnAbort}; else it
     * is a finding and the next engine goes on.
     */
    record Rounds(Map<String, Object> environment, List<EngineSpec> specs, List<Long> rates, int sessions,
                  boolean stopOnAbort, Benchmark benchmark,
                  Function<List<BenchmarkResult>, List<Map<String, Object>>> verdicts) {
    }

    /** One benchmark of a scenario's round: its configuration made and run on {@code forked}. */
    interface Benchmark {
        BenchmarkResult run(ForkedRun forked, EngineSpec spec, long rate, int round, Map<String, Object> labels);
    }
}
