package org.fixbench.benchmarks;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.InMemoryRoundTrip;
import org.fixbench.engine.ServerHooks;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One round trip per engine, in user space, without the kernel: a NewOrderSingle from the engine's own client
 * session, through its own server session and application, back as an ExecutionReport read by the client session,
 * the two joined by in-memory pipes in one thread ({@link org.fixbench.engine.FixEngine#inMemory}). Same messages,
 * each engine's comparison profile (its validation level and JVM flags), every answer's ClOrdID checked. What each
 * engine leaves out is in its {@code inMemory} javadoc (QuickFIX/J: MINA's framing and threads); Artio has none (its
 * library and engine talk through Aeron's media driver, with no channel a session can be given in one thread).
 *
 * <p>{@code scripts/jmh RoundTrips}; quote ratios measured in one run, with the machine line.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms2g", "-Xmx2g"})
public class RoundTrips {

    /** An engine's in-memory round trip, logged on for the trial. */
    public abstract static class Engine {
        private InMemoryRoundTrip trip;
        private Path work;
        private long clOrdId = 1_000_000_000_000_000L;

        abstract String spec();

        @Setup(Level.Trial)
        public void open() throws Exception {
            EngineSpec spec = EngineSpec.parse(spec());
            work = Files.createTempDirectory("fixbench-roundtrips");
            EngineSetup setup = new EngineSetup(spec.effectiveProfile(), spec.profileFile(), work,
                    InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { });
            trip = spec.engine().inMemory(setup);
            if (trip == null) {
                throw new IllegalStateException(spec() + " has no in-memory round trip");
            }
            next();
        }

        /** One round trip; fails if the report does not carry the order's ClOrdID. */
        long next() {
            long id = ++clOrdId;
            return checked(id, trip.roundTrip(id));
        }

        /** The ClOrdID of the next order. */
        long nextId() {
            return ++clOrdId;
        }

        InMemoryRoundTrip trip() {
            return trip;
        }

        /** {@code answered}, if it is {@code sent}; else fails. */
        long checked(long sent, long answered) {
            if (answered != sent) {
                throw new IllegalStateException(spec() + ": sent ClOrdID " + sent + ", the report carried " + answered);
            }
            return answered;
        }

        @TearDown(Level.Trial)
        public void close() throws IOException {
            trip.close();
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @State(Scope.Thread)
    public static class Tcp extends Engine {
        @Override
        String spec() {
            return "tcp:spin";
        }
    }

    @State(Scope.Thread)
    public static class Sbe extends Engine {
        @Override
        String spec() {
            return "sbe:tuned";
        }
    }

    @State(Scope.Thread)
    public static class Philadelphia extends Engine {
        @Override
        String spec() {
            return "philadelphia:spin";
        }
    }

    @State(Scope.Thread)
    public static class QuickFixJ extends Engine {
        @Override
        String spec() {
            return "quickfixj:tuned";
        }
    }

    @Benchmark
    public long roundTrip_tcp(Tcp engine) {
        return engine.next();
    }

    /** With sbe:tuned's {@code jvmFlags} (fix-configs/sbe/tuned.properties), as the suite runs it. */
    @Benchmark
    @Fork(value = 3, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms2g", "-Xmx2g",
            "-Dagrona.disable.bounds.checks=true"})
    public long roundTrip_sbe(Sbe engine) {
        return engine.next();
    }

    @Benchmark
    public long roundTrip_philadelphia(Philadelphia engine) {
        return engine.next();
    }

    @Benchmark
    public long roundTrip_quickfixj(QuickFixJ engine) {
        return engine.next();
    }
}
