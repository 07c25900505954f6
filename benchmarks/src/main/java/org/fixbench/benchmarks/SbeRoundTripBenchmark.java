package org.fixbench.benchmarks;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.MemoryPipe;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.Workload;
import org.fixbench.engine.sbe.app.OrderCodec;
import org.fixbench.engine.sbe.app.ReportApplication;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.UtcTimeWriter;
import org.fixbench.engine.sbe.model.HandlInst;
import org.fixbench.engine.sbe.model.NewOrderSingleDecoder;
import org.fixbench.engine.sbe.model.NewOrderSingleEncoder;
import org.fixbench.engine.sbe.model.OrdType;
import org.fixbench.engine.sbe.model.Side;
import org.fixbench.engine.sbe.model.TimeInForce;
import org.fixbench.fix.session.FixSession;
import org.fixbench.fix.session.SessionConfig;
import org.fixbench.fix.session.SessionRecord;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The user-space work of one round trip, without the kernel: an sbe client session and an sbe server session (the
 * engine's own {@link FixSession} and {@link ReportApplication}, as {@code SbeClient} and {@code SbeServer} run them)
 * joined by two in-memory pipes instead of a socket. One operation: the client encodes a NewOrderSingle from its
 * model and sends it (header, BodyLength, CheckSum, kept in its store, copied to its output); the server polls (reads,
 * frames, checks the session fields, decodes, encodes the ExecutionReport, stores and writes it); the client polls
 * (reads, frames, checks, finds ClOrdID). Each side reads the wall clock as its poll does. {@link #tcpFrames} is raw
 * TCP's user-space work for the same round trip (a frame of the order's length each way, its first 8 bytes echoed),
 * so the difference of the two is the CPU sbe adds to a round trip, apart from system calls (which it does not add:
 * results/published/20261125-sbe-syscalls) and from the time the kernel and the wake-ups take.
 *
 * <p>Parameters: the profile's store and buffer sizes ({@code sbe:tuned} uses 134217728 and 1048576).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = {"--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms2g", "-Xmx2g"})
public class SbeRoundTripBenchmark {
    @Param({"134217728", "1048576"})
    int storeBytes;

    @Param({"1048576", "65536"})
    int bufferBytes;

    private FixSession client;
    private FixSession server;
    private final UnsafeBuffer orderBuffer = new UnsafeBuffer(new byte[NewOrderSingleEncoder.BLOCK_LENGTH + 8]);
    private final NewOrderSingleDecoder orderView = new NewOrderSingleDecoder();
    private final UtcTimeWriter transactTime = new UtcTimeWriter();
    private long clOrdId = 1_000_000_000_000_000L;
    private long answered;

    private final MemoryPipe pipe = new MemoryPipe(1 << 16);
    private final ByteBuffer tcpOrder = ByteBuffer.allocateDirect(256);
    private final ByteBuffer tcpReport = ByteBuffer.allocateDirect(256);
    private int orderBytes;
    private int reportBytes;

    @Setup
    public void setUp() {
        Properties p = new Properties();
        p.setProperty("validation", "session");
        p.setProperty("storeBytes", Integer.toString(storeBytes));
        p.setProperty("storeMessages", "1048576");
        p.setProperty("bufferBytes", Integer.toString(bufferBytes));
        SessionConfig serverConfig = SessionConfig.of(p, Workload.SERVER_COMP_ID, Workload.CLIENT_COMP_ID, true);
        SessionConfig clientConfig = SessionConfig.of(p, Workload.CLIENT_COMP_ID, Workload.SERVER_COMP_ID, false);
        SessionRecord serverRecord = new SessionRecord(storeBytes, 1_048_576).allocate();
        server = new FixSession(serverConfig, pipe.server(), new ReportApplication(serverConfig,
                ServerHooks.NONE), SystemEpochClock.INSTANCE, null, new FixSession.Binder() {
                    @Override
                    public SessionRecord claim(FixSession session) {
                        return serverRecord;
                    }

                    @Override
                    public void release(FixSession session, SessionRecord record) {
                    }
                });
        client = new FixSession(clientConfig, pipe.client(), this::onReport, SystemEpochClock.INSTANCE,
                null, new SessionRecord(storeBytes, 1_048_576).allocate());
        client.sendLogon(true);
        for (int i = 0; i < 100 && !(client.isLoggedOn() && server.isLoggedOn()); i++) {
            server.poll();
            client.poll();
        }
        if (!client.isLoggedOn() || !server.isLoggedOn()) {
            throw new IllegalStateException("no logon: client " + client.endReason() + ", server " + server.endReason());
        }
        NewOrderSingleEncoder order = new NewOrderSingleEncoder().wrap(orderBuffer, 0);
        order.account(Workload.ACCOUNT).handlInst(HandlInst.get((byte) Workload.HANDL_INST))
                .ordType(OrdType.get((byte) Workload.ORD_TYPE)).side(Side.get((byte) Workload.SIDE))
                .symbol(Workload.SYMBOL).timeInForce(TimeInForce.get((byte) Workload.TIME_IN_FORCE));
        order.orderQty().mantissa(Workload.ORDER_QTY).exponent((byte) 0);
        BigDecimal price = new BigDecimal(Workload.PRICE);
        order.price().mantissa(price.unscaledValue().longValueExact()).exponent((byte) -price.scale());
        orderView.wrap(orderBuffer, 0, NewOrderSingleEncoder.BLOCK_LENGTH, NewOrderSingleEncoder.SCHEMA_VERSION);
        if (roundTrip() != clOrdId) {
            throw new IllegalStateException("the round trip did not come back: " + client.endReason() + " / "
                    + server.endReason());
        }
        orderBytes = pipe.client().lastWriteBytes(); // the frames' lengths, from the round trip just made
        reportBytes = pipe.server().lastWriteBytes();
        if (orderBytes <= 0 || reportBytes <= 0) {
            throw new IllegalStateException("no frame lengths from the round trip: " + orderBytes + ", " + reportBytes);
        }
        tcpOrder.limit(orderBytes);
        tcpReport.limit(reportBytes);
    }

    private boolean onReport(FixSession session, FixMessage message) {
        int k = message.find(11);
        answered = k < 0 ? -1 : FixMessage.parseLong(message.buffer(), message.start(k), message.length(k));
        return true;
    }

    /** sbe: order encoded and sent by the client session, answered by the server session, read by the client. */
    @Benchmark
    public long roundTrip() {
        long id = ++clOrdId;
        int at = NewOrderSingleEncoder.clOrdIdEncodingOffset();
        int length = orderBuffer.putLongAscii(at, id);
        orderBuffer.setMemory(at + length, NewOrderSingleEncoder.clOrdIdLength() - length, (byte) 0);
        at = NewOrderSingleEncoder.transactTimeEncodingOffset();
        length = transactTime.format(System.currentTimeMillis(), orderBuffer, at);
        orderBuffer.setMemory(at + length, NewOrderSingleEncoder.transactTimeLength() - length, (byte) 0);
        OrderCodec.newOrderSingleBody(orderView, client.begin('D' << 8));
        client.send();
        server.poll();
        client.poll();
        return answered;
    }

    /** Raw TCP's user-space work for a round trip: an order-sized frame to the server, a report-sized one back. */
    @Benchmark
    public long tcpFrames() {
        long id = ++clOrdId;
        tcpOrder.clear().limit(orderBytes);
        tcpOrder.putLong(0, id);
        pipe.client().write(tcpOrder);
        tcpOrder.clear().limit(orderBytes);
        pipe.server().read(tcpOrder);
        tcpReport.clear().limit(reportBytes);
        tcpReport.putLong(0, tcpOrder.getLong(0));
        pipe.server().write(tcpReport);
        tcpReport.clear().limit(reportBytes);
        pipe.client().read(tcpReport);
        return tcpReport.getLong(0);
    }
}
