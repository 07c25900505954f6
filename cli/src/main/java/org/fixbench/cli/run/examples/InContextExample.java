package org.fixbench.cli.run.examples;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.run.BenchmarkSession;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.Harness;
import org.fixbench.harness.api.LatencyTask;
import org.fixbench.harness.api.NanoClock;
import org.fixbench.harness.api.Probe;
import org.fixbench.harness.api.WaitStrategy;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ComparisonTable;
import org.fixbench.harness.series.SeriesNames;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The seed's "benchmark in context" experiment: java.util.Date serialisation measured alone, then the same
 * serialisation inside a TCP loopback request/response, measured there by a probe on the server thread. The
 * point: the same code costs more in context (caches and branch predictors are shared with the I/O around it).
 */
@Command(name = "in-context", description = "Date serialisation alone vs inside a TCP loopback round trip (probe).")
public final class InContextExample implements Callable<Integer> {
    public static final String PROBE = "date serialisation";

    @Mixin
    RunOptions options;

    @Option(names = "--rate", description = "iterations per second (default: ${DEFAULT-VALUE})")
    long rate = 20_000;

    @Override
    public Integer call() throws Exception {
        var alone = options.configure("date-alone", rate, 2_000_000_000L, 1_000_000_000L).build();
        var inTcp = options.configure("date-in-tcp", rate, 2_000_000_000L, 1_000_000_000L).build();
        BenchmarkSession session = new BenchmarkSession(options, System.out);
        BenchmarkResult a = session.run(alone, new AloneTask(), Map.of("context", "alone"), ProgressListener.NONE);
        BenchmarkResult t = session.run(inTcp, new TcpTask(alone.waitStrategy()), Map.of("context", "tcp"),
                ProgressListener.NONE);
        System.out.println();
        System.out.println("Date serialisation, median of runs:");
        System.out.print(ComparisonTable.markdown(List.of(
                new ComparisonTable.Column("alone", a, SeriesNames.END_TO_END),
                new ComparisonTable.Column("inside TCP (probe)", t, PROBE),
                new ComparisonTable.Column("TCP round trip", t, SeriesNames.END_TO_END))));
        return session.finish(options.failOnStatuses());
    }

    /** Serialises and deserialises a Date through Java serialisation, as the seed did. */
    public static Date roundTrip(Date date) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream oos = new ObjectOutputStream(bytes)) {
                oos.writeObject(date);
            }
            try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
                return (Date) ois.readObject();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    public static final class AloneTask implements LatencyTask {
        private Harness harness;
        private NanoClock clock;
        private Date date = new Date();

        @Override
        public void init(Harness harness) {
            this.harness = harness;
            this.clock = harness.clock();
        }

        @Override
        public void run(long startNanos) {
            date = roundTrip(date);
            harness.sample(startNanos, clock.nanoTime());
        }
    }

    /** Client in the timed thread (send, then wait for the echo); server on its own thread with the probe. */
    public static final class TcpTask implements LatencyTask {
        private static final byte[] MESSAGE = ("8=FIX.4.2\u00019=211\u000135=D\u000134=3\u000149=MY-INITIATOR-SERVICE"
                + "\u000152=20160229-09:04:14.459\u000156=MY-ACCEPTOR-SERVICE\u00011=ABCTEST1\u000111=863913604164909"
                + "\u000121=3\u000122=5\u000138=1\u000140=2\u000144=200\u000148=LCOM1\u000154=1\u000155=LCOM1\u000159=0"
                + "\u000160=20160229-09:04:14.459\u0001167=FUT\u0001200=201106\u000110=144\u0001")
                .getBytes(StandardCharsets.US_ASCII);

        private final WaitStrategy wait;
        private Harness harness;
        private NanoClock clock;
        private ServerSocketChannel acceptor;
        private SocketChannel client;
        private Thread server;
        private final ByteBuffer out = ByteBuffer.allocateDirect(MESSAGE.length);
        private final ByteBuffer in = ByteBuffer.allocateDirect(MESSAGE.length);
        private volatile boolean running = true;

        TcpTask(WaitStrategy wait) {
            this.wait = wait;
        }

        @Override
        public void init(Harness harness) throws IOException {
            this.harness = harness;
            this.clock = harness.clock();
            Probe probe = harness.addProbe(PROBE);
            acceptor = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            server = new Thread(() -> serve(probe), "in-context-server");
            server.setDaemon(true);
            server.start();
            client = SocketChannel.open(acceptor.getLocalAddress());
            client.setOption(StandardSocketOptions.TCP_NODELAY, true);
            client.configureBlocking(false);
            out.put(MESSAGE).flip();
        }

        private void serve(Probe probe) {
            harness.pinCurrentThread("server");
            ByteBuffer buffer = ByteBuffer.allocateDirect(MESSAGE.length);
            Date date = new Date();
            try (SocketChannel socket = acceptor.accept()) {
                socket.setOption(StandardSocketOptions.TCP_NODELAY, true);
                socket.configureBlocking(false);
                while (running) {
                    buffer.clear();
                    readFully(socket, buffer);
                    long before = clock.nanoTime();
                    date = roundTrip(date);
                    probe.sampleNanos(clock.nanoTime() - before);
                    buffer.flip();
                    while (buffer.hasRemaining()) {
                        socket.write(buffer);
                    }
                }
            } catch (IOException e) {
                if (running) {
                    harness.fail("in-context server: " + e);
                }
            }
        }

        private void readFully(SocketChannel socket, ByteBuffer buffer) throws IOException {
            while (buffer.hasRemaining()) {
                int n = socket.read(buffer);
                if (n < 0) {
                    throw new EOFException("peer closed the connection");
                }
                if (n == 0) {
                    wait.idle(0);
                    if (!running) {
                        throw new EOFException("stopped");
                    }
                }
            }
        }

        @Override
        public void run(long startNanos) {
            try {
                out.rewind();
                while (out.hasRemaining()) {
                    client.write(out);
                }
                in.clear();
                readFully(client, in);
            } catch (IOException e) {
                throw new UncheckedIOException("in-context client: " + e.getMessage(), e);
            }
            harness.sample(startNanos, clock.nanoTime());
        }

        @Override
        public void complete() throws Exception {
            running = false;
            client.close();
            acceptor.close();
            server.join(2_000);
        }
    }
}
