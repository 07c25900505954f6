package org.fixbench.cli.flow;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceLoader;

import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.run.BenchmarkSession;
import org.fixbench.cli.run.Contender;
import org.fixbench.cli.run.SweepOutcome;
import org.fixbench.harness.results.BenchmarkResult;

/**
 * The seam to the cluster module ({@code cluster/}, Jetty's cluster orchestrator): a comparison or a knee search
 * across hosts ({@code --cluster FILE}). The cli names no class of that module; it finds one implementation with
 * {@link ServiceLoader} on the class path, where {@code scripts/fixbench} puts the module (built on demand) only for
 * a command with {@code --cluster}. A user who never runs across hosts neither builds nor loads the orchestrator, and
 * the JVMs a comparison forks to measure never have it on their class path. (On the class path, not in a loader of
 * its own: the orchestrator's file system provider must be installed, and only the system class loader's are.)
 */
public interface AcrossHosts {
    /** The jar the cluster module builds, under the suite's checkout. */
    String JAR = "cluster/target/fixbench-cluster.jar";
    /** How to build the module when it is missing, as one line says. */
    String BUILD_COMMAND = "mvn -q -pl cluster -am install -DskipTests";

    /** The cluster file {@code file}, read and checked: each mistake in it refused in one line. */
    Cluster read(Path file);

    /** A cluster file's hosts, before any of them is contacted. */
    interface Cluster {
        String server();

        List<String> clients();

        /**
         * Refuses in one line what cannot be split between the client hosts: {@code sessions} unevenly, a rate below
         * one order a second per host, two rates that give a host the same share.
         */
        void check(List<Long> rates, int sessions);

        /**
         * A comparison on these hosts that records into {@code session}; the hosts are contacted at its first
         * {@link Rounds#run}.
         *
         * @param sessions total sessions (a multiple of the client hosts)
         * @param hostArgs options every client host's comparison takes as given (run length, warm-up, wait, ...)
         */
        Rounds comparison(BenchmarkSession session, RunOptions options, int sessions, List<String> hostArgs);
    }

    /** A comparison across hosts: rounds run on the cluster it starts, kept until {@link #close}. */
    interface Rounds {
        /** Runs {@code engines} at {@code rates} for {@code rounds} interleaved rounds; the results join the session's. */
        SweepOutcome run(List<Contender> engines, List<Long> rates, int rounds, long seed) throws IOException;

        /** What was measured so far, merged (for a comparison stopped by a signal). */
        List<BenchmarkResult> resultsSoFar();

        /** Stops every JVM started on the hosts and removes their folders; safe to call more than once. */
        void close();
    }

    /**
     * The cluster module, on this JVM's class path ({@code scripts/fixbench} puts it there for a command with
     * {@code --cluster}, and only then).
     *
     * @param home the suite's checkout, to say whether the module is built there
     * @throws IllegalArgumentException in one line naming what to run, when it is not on the class path
     */
    static AcrossHosts find(Path home) {
        Iterator<AcrossHosts> onPath = ServiceLoader.load(AcrossHosts.class, AcrossHosts.class.getClassLoader())
                .iterator();
        if (onPath.hasNext()) {
            return onPath.next();
        }
        if (home != null && Files.isRegularFile(home.resolve(JAR))) {
            throw new IllegalArgumentException("--cluster needs the cluster module on the class path: it is built ("
                    + home.resolve(JAR) + "); run the command with scripts/fixbench, which adds it for --cluster");
        }
        throw new IllegalArgumentException("--cluster needs the cluster module (Jetty's cluster orchestrator), "
                + "which is not built" + (home == null ? "" : " in " + home) + ": scripts/fixbench builds it for a "
                + "command with --cluster, or run `" + BUILD_COMMAND + "`");
    }

    /** The cluster module, looked for under the suite's checkout ({@code fixbench.home}, else the working tree's). */
    static AcrossHosts find() {
        return find(org.fixbench.engine.FixConfigs.root().getParent());
    }
}
