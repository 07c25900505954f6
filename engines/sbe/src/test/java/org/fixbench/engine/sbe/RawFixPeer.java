package org.fixbench.engine.sbe;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * A FIX counterparty written by hand for session-level tests: it sends exactly the bytes a test asks for (right or
 * wrong) and reads what the engine answers, message by message.
 */
public final class RawFixPeer implements AutoCloseable {
    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS");

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] buffer = new byte[1 << 16];
    private int length;
    private boolean closed;
    int nextSeq = 1;
    String sender = "FIXBENCH-CLIENT";
    String target = "FIXBENCH-SERVER";

    RawFixPeer(InetSocketAddress address) throws IOException {
        socket = new Socket();
        socket.connect(address, 5_000);
        socket.setTcpNoDelay(true);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    public static String now() {
        return LocalDateTime.now(ZoneOffset.UTC).format(TIME);
    }

    public static String at(long secondsFromNow) {
        return LocalDateTime.now(ZoneOffset.UTC).plusSeconds(secondsFromNow).format(TIME);
    }

    /** A complete message: BeginString, BodyLength and CheckSum around the given body ('|' for SOH). */
    /** The bytes at the start of a buffer with 64 bytes of room after them (for readers that read whole words). */
    public static org.agrona.concurrent.UnsafeBuffer padded(byte[] bytes) {
        return org.fixbench.fix.TestFrames.padded(bytes);
    }

    public static byte[] frame(String beginString, String body) {
        return org.fixbench.fix.TestFrames.frame(beginString, body);
    }

    /** The standard header for the next sequence number, then {@code fields}. */
    String body(String msgType, String fields) {
        return body(msgType, nextSeq++, "", fields);
    }

    String body(String msgType, int seq, String extraHeader, String fields) {
        return "35=" + msgType + "|49=" + sender + "|56=" + target + "|34=" + seq + "|" + extraHeader + "52=" + now()
                + "|" + fields;
    }

    void send(String msgType, String fields) throws IOException {
        sendRaw(frame("FIX.4.4", body(msgType, fields)));
    }

    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    static String order(String clOrdId) {
        return "1=ACCT-0001|11=" + clOrdId + "|21=1|38=1000|40=2|44=101.25|54=1|55=ACME|59=0|60=" + now() + "|";
    }

    void logon(int heartBtInt) throws IOException {
        send("A", "98=0|108=" + heartBtInt + "|141=Y|");
        Msg logon = read(5_000);
        if (logon == null || !logon.type().equals("A")) {
            throw new AssertionError("expected a Logon answer, got " + logon);
        }
    }

    /** The next message within {@code millis}, or null if none came (see {@link #isClosed()}). */
    Msg read(int millis) throws IOException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (true) {
            Msg m = parse();
            if (m != null) {
                return m;
            }
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (closed || left <= 0) {
                return null;
            }
            socket.setSoTimeout((int) Math.max(1, left));
            try {
                int n = in.read(buffer, length, buffer.length - length);
                if (n < 0) {
                    closed = true;
                } else {
                    length += n;
                }
            } catch (SocketTimeoutException e) {
                return null;
            } catch (IOException e) {
                closed = true; // reset by the peer
            }
        }
    }

    /** The next message that is not a Heartbeat. */
    Msg readSkippingHeartbeats(int millis) throws IOException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        Msg m;
        do {
            m = read((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000L));
        } while (m != null && m.type().equals("0"));
        return m;
    }

    /** Reads until the engine closes the connection; the messages it sent before that. Fails after {@code millis}. */
    List<Msg> untilClosed(int millis) throws IOException {
        List<Msg> messages = new ArrayList<>();
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (!closed) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the engine did not disconnect within " + millis + " ms; it sent " + messages);
            }
            Msg m = read(100);
            if (m != null) {
                messages.add(m);
            }
        }
        return messages;
    }

    boolean isClosed() {
        return closed;
    }

    private Msg parse() {
        String text = new String(buffer, 0, length, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\u000110=");
        if (end < 0 || text.indexOf('\u0001', end + 1) < 0) {
            return null;
        }
        int stop = text.indexOf('\u0001', end + 1) + 1;
        Msg m = new Msg(text.substring(0, stop));
        System.arraycopy(buffer, stop, buffer, 0, length - stop);
        length -= stop;
        return m;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** One message as text, with its fields. */
    record Msg(String raw) {
        String type() {
            return get(35);
        }

        String get(int tag) {
            for (String field : raw.split("\u0001")) {
                int eq = field.indexOf('=');
                if (eq > 0 && field.substring(0, eq).equals(Integer.toString(tag))) {
                    return field.substring(eq + 1);
                }
            }
            return null;
        }

        int seq() {
            return Integer.parseInt(get(34));
        }

        @Override
        public String toString() {
            return raw.replace('\u0001', '|');
        }
    }
}
