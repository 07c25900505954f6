package org.fixbench.cli.run;

import java.io.Serializable;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;

import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.results.RunResult;

/**
 * What a scenario does in the forked client ({@code fork-client}), around the engine's client and the harness: a
 * slow client beside it, a relay in front of it, a watch on its runs. The orchestrator hands the client one
 * {@link Plan} ({@link ForkedRun.Request#scenario()}); the client opens it ({@link Plan#open}), builds its task and
 * benchmark as the scenario says, runs, and sends back what the scenario observed ({@link #observed()}). The
 * forked client names no scenario: each scenario's plan opens its own side.
 */
public interface ClientScenario extends AutoCloseable {
    /** A scenario's plan, made by the command, carried to the forked client in its request. */
    interface Plan extends Serializable {
        /**
         * This scenario's side of the forked client, set up before the engine's client is made; it may change
         * {@code setup} (where the client connects, the sessions it carries).
         *
         * @throws org.fixbench.harness.api.HarnessException with the reason, when it cannot start (a slow client not
         *                                               logged on): the run ends with it, nothing measured
         */
        ClientScenario open(Setup setup) throws Exception;

        /** Whether the server is killed in the run and started again by the orchestrator (server-restart). */
        default boolean restartsServer() {
            return false;
        }
    }

    /** What the forked client knows before it makes the engine's client, and what a scenario may change of it. */
    final class Setup {
        /** The run's request, as the orchestrator sent it. */
        public final ForkedRun.Request request;
        /** The port the server listens on. */
        public final int serverPort;
        /** Where the engine's client connects (a relay's address, when a scenario puts one in front). */
        public InetSocketAddress serverAddress;
        /** The sessions the engine's client carries, and their identities among the server's (0 of 0: its own). */
        public int sessions;
        public int firstIdentity;
        public int identities;

        public Setup(ForkedRun.Request request, InetSocketAddress serverAddress, int serverPort) {
            this.request = request;
            this.serverAddress = serverAddress;
            this.serverPort = serverPort;
            this.sessions = request.sessions();
            this.firstIdentity = request.firstIdentity();
            this.identities = request.identities();
        }
    }

    /** The engine's client task, made: the scenario sets what it needs of it (gaps tolerated, logging on again). */
    default void task(RoundTripTask task) {
    }

    /** Told of each run, after the profiler and before a cluster's gate. */
    default ProgressListener listener() {
        return ProgressListener.NONE;
    }

    /** The benchmark, made: the scenario watches its runs. */
    default void watch(LatencyBenchmark benchmark) {
    }

    /** The benchmark watches the server's processes: the scenario adds any other it must (after them). */
    default void watchProcesses(LatencyBenchmark benchmark) {
    }

    /** What the scenario observed, a map per run, sent back with the result. */
    List<Map<String, Object>> observed();

    /** Stops what the scenario started (its slow client, its relay). */
    @Override
    void close() throws Exception;

    /** Tells {@code first}, then {@code second}, of each run. */
    static ProgressListener both(ProgressListener first, ProgressListener second) {
        return new ProgressListener() {
            @Override
            public void runStarting(String benchmark, int run, int runs, boolean warmup) {
                first.runStarting(benchmark, run, runs, warmup);
                second.runStarting(benchmark, run, runs, warmup);
            }

            @Override
            public void runEnded(String benchmark, RunResult result) {
                first.runEnded(benchmark, result);
                second.runEnded(benchmark, result);
            }

            @Override
            public boolean mayMeasureAgain() {
                return first.mayMeasureAgain() && second.mayMeasureAgain();
            }
        };
    }
}
