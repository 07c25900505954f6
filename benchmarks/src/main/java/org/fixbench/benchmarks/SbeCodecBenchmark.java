package org.fixbench.benchmarks;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.Workload;
import org.fixbench.engine.sbe.FixCodec;
import org.fixbench.engine.sbe.FixMessage;
import org.fixbench.engine.sbe.model.ExecType;
import org.fixbench.engine.sbe.model.ExecutionReportDecoder;
import org.fixbench.engine.sbe.model.ExecutionReportEncoder;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;
import org.fixbench.engine.sbe.model.OrdStatus;
import org.fixbench.engine.sbe.model.Side;
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

/** The sbe engine's codec: the workload's NewOrderSingle parsed into the SBE model; an ExecutionReport encoded. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"})
public class SbeCodecBenchmark {
    private final FixCodec codec = new FixCodec(4096);
    private final UnsafeBuffer model = new UnsafeBuffer(new byte[512]);
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final UnsafeBuffer report = new UnsafeBuffer(new byte[512]);
    private final ExecutionReportDecoder reportView = new ExecutionReportDecoder();
    private final UnsafeBuffer out = new UnsafeBuffer(new byte[1024]);
    private final UnsafeBuffer time = new UnsafeBuffer("20261122-12:00:00.000".getBytes(StandardCharsets.US_ASCII));
    private final byte[] server = Workload.SERVER_COMP_ID.getBytes(StandardCharsets.US_ASCII);
    private final byte[] client = Workload.CLIENT_COMP_ID.getBytes(StandardCharsets.US_ASCII);
    private final FixMessage indexed = new FixMessage(256);
    private UnsafeBuffer wire;
    private int wireLength;
    private long seqNum;

    @Setup
    public void setUp() {
        byte[] bytes = Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2, Instant.parse("2026-11-22T12:00:00Z"));
        wire = new UnsafeBuffer(bytes);
        wireLength = bytes.length;
        indexed.index(wire, 0, wireLength, null);
        ExecutionReportEncoder er = new ExecutionReportEncoder().wrap(report, 0);
        er.orderId("ORD-1").clOrdId("1234567890123456").execId("EXE-1").execType(ExecType.New).ordStatus(OrdStatus.New)
                .symbol("ACME").side(Side.Buy).transactTime("20261122-12:00:00.000");
        er.orderQty().mantissa(1000).exponent((byte) 0);
        er.cumQty().mantissa(0).exponent((byte) 0);
        er.leavesQty().mantissa(1000).exponent((byte) 0);
        er.avgPx().mantissa(0).exponent((byte) 0);
        reportView.wrap(report, 0, ExecutionReportEncoder.BLOCK_LENGTH, ExecutionReportEncoder.SCHEMA_VERSION);
    }

    /** Frame (BodyLength; CheckSum verified while indexing) and parse a NewOrderSingle into the model. */
    @Benchmark
    public int parseNewOrderSingle() {
        codec.frameUnchecked(wire, 0, wireLength);
        order.wrap(model, 0);
        return codec.decodeNewOrderSingle(wire, order);
    }

    /** Breakdown of the parse: framing alone (BodyLength, trailer shape). */
    @Benchmark
    public int parseStep1Frame() {
        return codec.frameUnchecked(wire, 0, wireLength);
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

    /** Encode an ExecutionReport from the model, with header, BodyLength and CheckSum. */
    @Benchmark
    public int encodeExecutionReport() {
        return codec.encodeExecutionReport(reportView, server, client, ++seqNum, time, 21, out, 0);
    }
}
