package org.fixbench.benchmarks;

import java.util.concurrent.TimeUnit;

import org.fixbench.engine.InMemoryRoundTrip;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link RoundTrips}' round trip in its three steps, each timed with {@code System.nanoTime()}: the client's
 * {@link InMemoryRoundTrip#send}, the server's {@link InMemoryRoundTrip#serve} and the client's
 * {@link InMemoryRoundTrip#receive}. The counters {@code sendNanos}, {@code serveNanos} and {@code receiveNanos} are
 * each step's nanoseconds summed over an iteration and {@code roundTrips} the round trips in it, so a step's mean is
 * its sum over {@code roundTrips}. For where a round trip's CPU falls against the suite's legs over TCP, not for its
 * total: the four clock reads add about one call each to every step (tcp's steps show that cost), and the total is
 * {@link RoundTrips}'.
 *
 * <p>{@code scripts/jmh RoundTripSteps}; quote shares and ratios measured in one run, with the machine line.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms2g", "-Xmx2g"})
public class RoundTripSteps {

    /** Per iteration: each step's nanoseconds summed, and the round trips. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Steps {
        public long sendNanos;
        public long serveNanos;
        public long receiveNanos;
        public long roundTrips;

        @Setup(Level.Iteration)
        public void reset() {
            sendNanos = 0;
            serveNanos = 0;
            receiveNanos = 0;
            roundTrips = 0;
        }
    }

    private static long timed(RoundTrips.Engine engine, Steps steps) {
        InMemoryRoundTrip trip = engine.trip();
        long id = engine.nextId();
        long t0 = System.nanoTime();
        trip.send(id);
        long t1 = System.nanoTime();
        trip.serve();
        long t2 = System.nanoTime();
        long answered = trip.receive();
        long t3 = System.nanoTime();
        steps.sendNanos += t1 - t0;
        steps.serveNanos += t2 - t1;
        steps.receiveNanos += t3 - t2;
        steps.roundTrips++;
        return engine.checked(id, answered);
    }

    @Benchmark
    public long steps_tcp(RoundTrips.Tcp engine, Steps steps) {
        return timed(engine, steps);
    }

    /** With sbe:tuned's {@code jvmFlags}, as {@link RoundTrips#roundTrip_sbe}. */
    @Benchmark
    @Fork(value = 3, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms2g", "-Xmx2g",
            "-Dagrona.disable.bounds.checks=true"})
    public long steps_sbe(RoundTrips.Sbe engine, Steps steps) {
        return timed(engine, steps);
    }

    @Benchmark
    public long steps_philadelphia(RoundTrips.Philadelphia engine, Steps steps) {
        return timed(engine, steps);
    }

    @Benchmark
    public long steps_quickfixj(RoundTrips.QuickFixJ engine, Steps steps) {
        return timed(engine, steps);
    }
}
