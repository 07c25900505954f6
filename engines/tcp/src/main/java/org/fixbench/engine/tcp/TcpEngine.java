package org.fixbench.engine.tcp;

import java.util.List;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;

import org.fixbench.engine.Setting;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.InMemoryRoundTrip;
import org.fixbench.engine.MemoryPipe;
import org.fixbench.engine.FixEngine;
import org.fixbench.engine.Workload;

/**
 * The raw-TCP baseline: frames of exactly the workload's NewOrderSingle and ExecutionReport byte counts, the
 * ClOrdID carried in the first 8 bytes, no FIX work at all. What is left is the cost of the sockets and threads,
 * the floor under every engine.
 */
public final class TcpEngine implements FixEngine {
    /** Byte counts of the workload's messages (with a ClOrdID of 16 digits, a typical nanoTime). */
    static final int ORDER_BYTES = Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2, Instant.EPOCH).length;
    static final int REPORT_BYTES = Workload.sampleExecutionReport(1_234_567_890_123_456L, 1, 2, Instant.EPOCH).length;

    @Override
    public String name() {
        return "tcp";
    }

    /** The floor sends frames of the workload's messages' lengths, not FIX: nothing reads its fields. */
    @Override
    public boolean speaksFix() {
        return false;
    }

    @Override
    public String defaultProfile() {
        return "spin";
    }

    /** Raw TCP has no FIX session: nothing to keep. */
    @Override
    public org.fixbench.engine.Durability durability(java.nio.file.Path profileFile) {
        return org.fixbench.engine.Durability.NONE;
    }

    @Override
    public Map<String, String> versions() {
        return Map.of("tcp", "java.nio " + System.getProperty("java.version"),
                "frameBytes", ORDER_BYTES + " out / " + REPORT_BYTES + " back");
    }

    @Override
    public List<Setting> settings() {
        return List.of(
                Setting.choice("mode", "spin", "how threads wait for bytes: spin on non-blocking reads, yield between "
                        + "them, or block in read", "spin", "yield", "blocking"),
                Setting.choice("clientReceiver", "thread", "who reads the client's replies: a thread of its own, or "
                        + "the sending thread between sends (not with mode=blocking)", "thread", "sender"),
                Setting.choice("tcpNoDelay", "true", "TCP_NODELAY on both sockets", "true", "false"),
                Setting.integer(SERVER_SEND_BUFFER, 0, 1 << 24, "0", "SO_SNDBUF of the server's connections, bytes "
                        + "(the kernel doubles it); 0: the system's, which grows as needed. The server writes each "
                        + "report whole before it reads on, so a session whose reports are not read holds up every "
                        + "session once that buffer is full"));
    }

    static final String SERVER_SEND_BUFFER = "serverSendBufferBytes";

    /** Sets the server connection's send buffer as the profile says (nothing for 0, the default). */
    static void serverSendBuffer(java.nio.channels.SocketChannel channel, Properties profile)
            throws java.io.IOException {
        String value = profile.getProperty(SERVER_SEND_BUFFER, "0").trim();
        int bytes;
        try {
            bytes = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("tcp profile: " + SERVER_SEND_BUFFER + " must be a number of bytes "
                    + "(was '" + value + "')");
        }
        if (bytes > 0) {
            channel.setOption(java.net.StandardSocketOptions.SO_SNDBUF, bytes);
        }
    }

    @Override
    public String sessionThreading() {
        return "tcp: one connection per session; the server's one thread and the client's one receiver (or its "
                + "sender, clientReceiver=sender) each ask one selector (epoll) which connections have bytes and "
                + "read those, non-blocking";
    }

    @Override
    public EngineServer server(EngineSetup setup) {
        Properties profile = setup.profileProperties();
        return setup.sessions() == 1 ? new TcpServer(setup, Mode.of(profile), noDelay(profile))
                : new TcpSessionsServer(setup, Mode.of(profile), noDelay(profile));
    }

    /**
     * The floor's user-space work for a round trip, over a {@link MemoryPipe}: the client writes its order frame
     * (ClOrdID over the first 8 bytes), the server reads it whole and writes its report frame with those 8 bytes,
     * the client reads the report whole; the frames are the fixed workload's, as {@link TcpClient} and
     * {@link TcpServer} send them.
     */
    @Override
    public InMemoryRoundTrip inMemory(EngineSetup setup) {
        MemoryPipe pipe = new MemoryPipe(1 << 16);
        java.nio.ByteBuffer clientOrder = Frames.orderFrame(ORDER_BYTES);
        java.nio.ByteBuffer serverOrder = Frames.orderFrame(ORDER_BYTES);
        java.nio.ByteBuffer serverReport = Frames.reportFrame(REPORT_BYTES);
        java.nio.ByteBuffer clientReport = Frames.reportFrame(REPORT_BYTES);
        return new InMemoryRoundTrip() {
            @Override
            public void send(long clOrdId) {
                clientOrder.clear();
                clientOrder.putLong(0, clOrdId);
                pipe.client().write(clientOrder);
            }

            @Override
            public void serve() {
                serverOrder.clear();
                pipe.server().read(serverOrder);
                serverReport.clear();
                serverReport.putLong(0, serverOrder.getLong(0));
                pipe.server().write(serverReport);
            }

            @Override
            public long receive() {
                clientReport.clear();
                pipe.client().read(clientReport);
                return clientReport.position() == clientReport.limit() ? clientReport.getLong(0) : -1;
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public EngineClient client(EngineSetup setup) {
        Properties profile = setup.profileProperties();
        Mode mode = Mode.of(profile);
        String receiver = profile.getProperty("clientReceiver", "thread").trim();
        if (!receiver.equals("thread") && !receiver.equals("sender")) {
            throw new IllegalArgumentException("tcp profile: clientReceiver must be thread or sender (was '"
                    + receiver + "')");
        }
        if (receiver.equals("sender") && mode == Mode.BLOCKING) {
            throw new IllegalArgumentException("tcp profile: clientReceiver=sender needs a non-blocking mode");
        }
        return setup.sessions() == 1 ? new TcpClient(setup, mode, noDelay(profile), receiver.equals("sender"))
                : TcpSessionsClient.of(setup, mode, noDelay(profile), receiver.equals("sender"));
    }

    static boolean noDelay(Properties profile) {
        String value = profile.getProperty("tcpNoDelay", "true").trim();
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException("tcp profile: tcpNoDelay must be true or false (was '" + value + "')");
        }
        return Boolean.parseBoolean(value);
    }

    /** How threads wait for bytes. */
    enum Mode {
        SPIN, YIELD, BLOCKING;

        static Mode of(Properties profile) {
            String mode = profile.getProperty("mode", "spin").trim();
            return switch (mode) {
                case "spin" -> SPIN;
                case "yield" -> YIELD;
                case "blocking" -> BLOCKING;
                default -> throw new IllegalArgumentException("tcp profile: mode must be spin, yield or blocking (was '"
                        + mode + "')");
            };
        }

        void idle() {
            if (this == SPIN) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }
}
