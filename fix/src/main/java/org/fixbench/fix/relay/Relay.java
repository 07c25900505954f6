package org.fixbench.fix.relay;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A byte relay between an engine's client and its server, on loopback, that can lose a stretch of one session's
 * messages or cut its connection: the {@code resend-storm} scenario's disturbance (and {@code server-restart}'s
 * counter of messages), the same for every engine (no engine is asked to misbehave). Every connection the client
 * opens is accepted here and joined to a connection of its own to the server; bytes go both ways as they come, on one
 * thread.
 *
 * <p>The session watched is found by its SenderCompID (49) in the first bytes it sends (its Logon), or, for an engine
 * that does not speak FIX (raw TCP), as the {@code index}-th connection accepted (that engine connects its sessions
 * in order).
 *
 * <p>It no longer stalls a session for {@code slow-consumer} (before 2026-11-28 it did): with the relay leaving a
 * session's reports unread in a 64 KiB receive buffer, the session's orders stopped reaching the server too (3.2 MB of
 * them in the relay's send queue, none in the server's receive queue, the server's send queue stuck at 6,780 bytes:
 * {@code ss -tn}, Philadelphia at 10,000/s), so a server that blocks on a write that cannot complete was never made
 * to. That scenario's slow session is now a client of its own (the cli's slow-consumer scenario's SlowClient).
 */
public final class Relay implements AutoCloseable {
    /** The receive buffer of the relay's sockets to the server, unless told otherwise (the kernel doubles it). */
    public static final int DEFAULT_RECEIVE_BUFFER_BYTES = 64 * 1024;

    /**
     * A relay in front of {@code server} for a client's one session (session 1 of {@code sessions}) that cuts its
     * streams into whole messages, the workload's NewOrderSingles and ExecutionReports: it can lose a stretch of them,
     * both ways (resend-storm), and it reads their sequence numbers (server-restart).
     */
    public static Relay framingOneSession(java.net.InetSocketAddress server, int sessions) throws IOException {
        Relay relay = new Relay(server, org.fixbench.engine.Workload.clientCompId(
                org.fixbench.engine.Workload.CLIENT_COMP_ID, 0, sessions), 0, DEFAULT_RECEIVE_BUFFER_BYTES);
        relay.frameSlowSession(new Frames.Lengths(
                org.fixbench.engine.Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2,
                        java.time.Instant.EPOCH).length,
                org.fixbench.engine.Workload.sampleExecutionReport(1_234_567_890_123_456L, 1, 2,
                        java.time.Instant.EPOCH).length));
        return relay;
    }
    private static final int CHUNK_BYTES = 64 * 1024;

    private final InetSocketAddress server;
    private final String slowCompId;
    private final int slowIndex;
    private final int receiveBufferBytes;
    private final ServerSocketChannel acceptor;
    private final Selector selector;
    private final Thread thread;
    private final List<Link> links = new ArrayList<>();
    private volatile boolean stopping;
    /** Whether the slow session's messages are being lost, both ways ({@link #lose}). */
    private volatile boolean losing;
    /** The slow session's streams cut into whole messages, once {@link #frameSlowSession} asked for it. */
    private volatile Frames.Lengths rawFrames;
    private volatile boolean framing;
    private volatile Link slow;
    /** Every link that was the slow session's, in order: one per connection it made. */
    private final List<Link> slowLinks = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** While true, every connection is cut and a new one refused ({@link #cut}); a cut not yet carried out. */
    private volatile boolean cutting;
    private volatile boolean cutPending;
    private volatile String failure;
    private int accepted;

    /**
     * @param slowCompId the slow session's SenderCompID (null: found by {@code slowIndex} alone)
     * @param slowIndex  the slow session's connection, in the order accepted (0-based), for a client that does not
     *                   speak FIX (its first bytes are not "8=FIX")
     * @param receiveBufferBytes SO_RCVBUF of every connection to the server
     */
    public Relay(InetSocketAddress server, String slowCompId, int slowIndex, int receiveBufferBytes)
            throws IOException {
        this.server = server;
        this.receiveBufferBytes = receiveBufferBytes;
        this.slowCompId = slowCompId;
        this.slowIndex = slowIndex;
        acceptor = ServerSocketChannel.open();
        acceptor.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        acceptor.configureBlocking(false);
        selector = Selector.open();
        acceptor.register(selector, SelectionKey.OP_ACCEPT);
        thread = new Thread(this::loop, "fixbench-relay");
        thread.setDaemon(true);
        thread.start();
    }

    /** Where the client connects instead of the server. */
    public InetSocketAddress address() throws IOException {
        return (InetSocketAddress) acceptor.getLocalAddress();
    }

    /**
     * Cuts the slow session's streams into whole messages from its first byte: FIX messages by BodyLength, or, for a
     * client that does not speak FIX (raw TCP), frames of {@code rawFrames}' fixed lengths. Needed for {@link #lose};
     * called before the client connects.
     */
    public void frameSlowSession(Frames.Lengths rawFrames) {
        this.rawFrames = rawFrames;
        this.framing = true;
    }

    /**
     * Loses (true) or stops losing (false) every whole message of the slow session, both ways: read from one side
     * and not written to the other, the connections staying up, as a network that drops a stretch of a session's
     * traffic would if TCP did not resend it. The messages after it carry numbers past the gap.
     */
    public void lose(boolean on) {
        losing = on;
    }

    /** Loses the slow session's next {@code messages} whole messages to the server (a gap of known size). */
    public void loseNextToServer(int messages) {
        loseBudget.set(messages);
    }

    private final java.util.concurrent.atomic.AtomicInteger loseBudget = new java.util.concurrent.atomic.AtomicInteger();

    /** What crossed the slow session's link: counted per direction, from its first message. */
    public Frames.Counts toServerCounts() {
        Link s = slow;
        return s == null || s.up == null ? null : s.up.counts;
    }

    public Frames.Counts toClientCounts() {
        Link s = slow;
        return s == null || s.down == null ? null : s.down.counts;
    }

    /**
     * Cuts every connection (true: both sides see their connection closed) and refuses every new one (reset at once)
     * until called with false: a network that drops the session's connection for a while.
     */
    public void cut(boolean on) {
        cutting = on;
        cutPending = on;
        selector.wakeup();
    }

    /** Whether connections are being refused ({@link #cut}). */
    public boolean cutting() {
        return cutting;
    }

    /** Every link that was the slow session's, one per connection it made, in order. */
    public List<Link> slowLinks() {
        return List.copyOf(slowLinks);
    }

    /** Why the relay stopped, or null. */
    public String failure() {
        return failure;
    }

    /** The slow session's link once found, or null. */
    public Link slow() {
        return slow;
    }

    /** One session's two connections. */
    public static final class Link {
        final SocketChannel client;
        final SocketChannel server;
        final ArrayDeque<ByteBuffer> toServer = new ArrayDeque<>();
        final ByteBuffer toClient = ByteBuffer.allocateDirect(CHUNK_BYTES);
        final int index;
        SelectionKey clientKey;
        SelectionKey serverKey;
        boolean identified;
        /** The slow session's framers, client to server and back; null for the others. */
        volatile Frames up;
        volatile Frames down;

        /** What this connection carried to the server, message by message (null: not cut into messages). */
        public Frames.Counts toServerCounts() {
            Frames f = up;
            return f == null ? null : f.counts;
        }

        /** What it carried to the client (null: not cut into messages). */
        public Frames.Counts toClientCounts() {
            Frames f = down;
            return f == null ? null : f.counts;
        }
        boolean unframed;
        volatile long toServerBacklogBytes;
        volatile long fromClientBytes;
        volatile boolean serverClosed;
        volatile long serverClosedNanos;

        Link(SocketChannel client, SocketChannel server, int index) {
            this.client = client;
            this.server = server;
            this.index = index;
        }

        /** The relay's own port on its connection to the server (the server's socket's remote port). */
        public int serverSidePort() {
            try {
                return ((InetSocketAddress) server.getLocalAddress()).getPort();
            } catch (IOException e) {
                return -1;
            }
        }

        /** Bytes the client sent this session that the server has not taken yet (held here). */
        public long toServerBacklogBytes() {
            return toServerBacklogBytes;
        }

        /** Bytes the client sent this session so far. */
        public long fromClientBytes() {
            return fromClientBytes;
        }

        /** Whether the server closed this session's connection, and when ({@link System#nanoTime}). */
        public boolean serverClosed() {
            return serverClosed;
        }

        public long serverClosedNanos() {
            return serverClosedNanos;
        }
    }

    private void loop() {
        try {
            while (!stopping) {
                selector.select(this::ready); // woken by traffic, by cut() and close(): no timer
                if (cutPending) {
                    cutPending = false;
                    for (Link link : links) {
                        end(link);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            failure = "the relay stopped: " + e;
        }
    }

    private void ready(SelectionKey key) {
        try {
            if (key.isValid() && key.isAcceptable()) {
                accept();
                return;
            }
            Link link = (Link) key.attachment();
            if (key == link.clientKey) {
                if (key.isValid() && key.isReadable()) {
                    fromClient(link);
                }
            } else {
                if (key.isValid() && key.isReadable()) {
                    fromServer(link);
                }
                if (key.isValid() && key.isWritable()) {
                    drainToServer(link);
                }
            }
        } catch (IOException e) {
            Link link = (Link) key.attachment();
            if (link != null) {
                if (key == link.serverKey) {
                    serverClosed(link); // reset by the server: it ended the session as surely as a FIN would
                }
                end(link);
            }
        }
    }

    private static void serverClosed(Link link) {
        if (!link.serverClosed) {
            link.serverClosedNanos = System.nanoTime();
            link.serverClosed = true;
        }
    }

    private void accept() throws IOException {
        SocketChannel client = acceptor.accept();
        if (client == null) {
            return;
        }
        if (cutting) { // refused as a dropped network would: reset at once
            client.setOption(StandardSocketOptions.SO_LINGER, 0);
            client.close();
            return;
        }
        int index = accepted++;
        SocketChannel toServer = SocketChannel.open();
        boolean slowByIndex = slowCompId == null && index == slowIndex;
        // every link's server side gets the same receive buffer, so whichever is stalled fills alike
        toServer.setOption(StandardSocketOptions.SO_RCVBUF, receiveBufferBytes);
        toServer.setOption(StandardSocketOptions.TCP_NODELAY, true);
        try {
            toServer.connect(server);
        } catch (IOException refused) { // no server there (one being restarted): the client is refused as it would be
            toServer.close();
            client.setOption(StandardSocketOptions.SO_LINGER, 0); // a reset, as a refused connection's
            client.close();
            return;
        }
        client.setOption(StandardSocketOptions.TCP_NODELAY, true);
        client.configureBlocking(false);
        toServer.configureBlocking(false);
        Link link = new Link(client, toServer, index);
        link.clientKey = client.register(selector, SelectionKey.OP_READ, link);
        link.serverKey = toServer.register(selector, SelectionKey.OP_READ, link);
        links.add(link);
        if (slowByIndex) {
            link.identified = true;
            slow = link;
            slowLinks.add(link);
        }
    }

    /** Read into, then written on at once; what the server does not take is copied into the link's queue. */
    private final ByteBuffer fromClient = ByteBuffer.allocateDirect(CHUNK_BYTES);

    private void fromClient(Link link) throws IOException {
        ByteBuffer chunk = fromClient;
        chunk.clear();
        int n = link.client.read(chunk);
        if (n < 0) {
            end(link);
            return;
        }
        chunk.flip();
        if (!link.identified && slowCompId != null) {
            identify(link, chunk);
        }
        link.fromClientBytes += chunk.remaining();
        if (link == slow && framing && link.up == null && !link.unframed) {
            boolean fix = chunk.remaining() >= 5 && chunk.get(chunk.position()) == '8'
                    && chunk.get(chunk.position() + 1) == '=';
            if (fix || rawFrames != null) { // FIX by BodyLength, raw TCP's by its fixed lengths
                link.down = new Frames(fix ? 0 : rawFrames.toClient());
                link.up = new Frames(fix ? 0 : rawFrames.toServer());
            } else {
                link.unframed = true;
            }
        }
        if (link.up != null) {
            chunk = link.up.pass(chunk, losing, loseBudget, System.nanoTime());
        }
        if (link.toServer.isEmpty()) {
            link.server.write(chunk); // the usual case: the server takes it all, nothing allocated
        }
        if (chunk.hasRemaining()) {
            ByteBuffer held = ByteBuffer.allocate(chunk.remaining());
            held.put(chunk).flip();
            link.toServer.addLast(held);
            link.toServerBacklogBytes += held.remaining();
        }
        drainToServer(link);
    }

    private void identify(Link link, ByteBuffer chunk) {
        String text = StandardCharsets.ISO_8859_1.decode(chunk.duplicate()).toString();
        if (!text.startsWith("8=FIX")) { // not FIX (raw TCP's frames): the session is the connection's place
            link.identified = true;
            if (link.index == slowIndex) {
                slow = link;
                slowLinks.add(link);
            }
        } else if (text.contains("\u000149=")) {
            link.identified = true;
            if (text.contains("\u000149=" + slowCompId + "\u0001")) {
                slow = link;
                slowLinks.add(link);
            }
        }
    }

    private void drainToServer(Link link) throws IOException {
        while (!link.toServer.isEmpty()) {
            ByteBuffer head = link.toServer.peekFirst();
            int n = link.server.write(head);
            link.toServerBacklogBytes -= n;
            if (head.hasRemaining()) {
                break;
            }
            link.toServer.pollFirst();
        }
        int ops = link.serverKey.interestOps();
        link.serverKey.interestOps(link.toServer.isEmpty() ? ops & ~SelectionKey.OP_WRITE
                : ops | SelectionKey.OP_WRITE);
    }

    private void fromServer(Link link) throws IOException {
        ByteBuffer b = link.toClient;
        b.clear();
        int n = link.server.read(b);
        if (n < 0) {
            serverClosed(link);
            end(link);
            return;
        }
        b.flip();
        if (link == slow && link.down != null) {
            b = link.down.pass(b, losing, System.nanoTime());
        }
        while (b.hasRemaining()) { // the client reads at its pace; a client that does not is not this scenario
            if (link.client.write(b) == 0) {
                Thread.onSpinWait();
            }
        }
    }

    private void end(Link link) {
        link.clientKey.cancel();
        link.serverKey.cancel();
        try {
            link.client.close();
        } catch (IOException ignored) {
            // closing
        }
        try {
            link.server.close();
        } catch (IOException ignored) {
            // closing
        }
    }

    @Override
    public void close() throws Exception {
        stopping = true;
        selector.wakeup();
        thread.join(2_000);
        for (Link link : links) {
            end(link);
        }
        selector.close();
        acceptor.close();
    }
}
