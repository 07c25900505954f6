package org.fixbench.cli.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.run.ForkedRun;
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
    String report(Map<String, Object> env, List<BenchmarkResult> results, Path folder, Path out,
                  String partialReason);

    /** What the command was given that every scenario reads. */
    record Request(RunOptions options, String engines, String rates, Predicate<String> given) {
        /** The engines named, or {@code defaults}. */
        public List<EngineSpec> specs(String defaults) {
            return EngineSpec.parseList(engines == null ? defaults : engines);
        }
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
