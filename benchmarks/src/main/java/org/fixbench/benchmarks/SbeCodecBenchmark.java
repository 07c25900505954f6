package org.fixbench.benchmarks;

import java.time.Instant;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.Workload;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.fixbench.engine.sbe.app.OrderCodec;
import org.fixbench.fix.codec.Framing;
import org.fixbench.fix.codec.FixMessage;

/**
 * The sbe engine's parse, step by step, with the methods its server runs: framing ({@link Framing}, what the session's
 * framer calls), indexing with the CheckSum ({@link FixMessage#index}) and the decode into the SBE model
 * ({@link OrderCodec}, what {@code OrderPath} calls). The whole per-order path, and the encode, are in {@link Codecs}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class SbeCodecBenchmark {
    private final Framing framing = new Framing(4096);
    private final OrderCodec codec = new OrderCodec();
    private final UnsafeBuffer model = new UnsafeBuffer(new byte[512]);
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final FixMessage indexed = new FixMessage(256);
    private final FixMessage message = new FixMessage(256);
    private UnsafeBuffer wire;
    private int wireLength;

    @Setup
    public void setUp() {
        byte[] bytes = Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2, Instant.parse("2026-11-22T12:00:00Z"));
        wire = new UnsafeBuffer(bytes);
        wireLength = bytes.length;
        indexed.index(wire, 0, wireLength, null);
    }

    /** Frame (BodyLength), index (CheckSum verified while indexing) and decode a NewOrderSingle into the model. */
    @Benchmark
    public int parseNewOrderSingle() {
        int length = framing.frameUnchecked(wire, 0, wireLength);
        if (message.index(wire, 0, length, null) < 0 || !message.checksumMatches()) {
            return -1;
        }
        order.wrap(model, 0);
        return codec.decodeNewOrderSingle(message, order);
    }

    /** Breakdown of the parse: framing alone (BodyLength, trailer shape). */
    @Benchmark
    public int parseStep1Frame() {
        return framing.frameUnchecked(wire, 0, wireLength);
    }

    /** Breakdown of the parse: indexing the fields, then verifying the CheckSum (a sum eight bytes at a time). */
    @Benchmark
    public boolean parseStep2Index() {
        indexed.index(wire, 0, wireLength, null);
        return indexed.checksumMatches();
    }

    /** Breakdown of the parse: from the index into the model. */
    @Benchmark
    public int parseStep3Decode() {
        order.wrap(model, 0);
        return codec.decodeNewOrderSingle(indexed, order);
    }
}
