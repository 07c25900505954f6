package org.fixbench.fix;

import java.nio.charset.StandardCharsets;

import org.agrona.concurrent.UnsafeBuffer;

/** FIX messages for tests, written out by hand: what a test compares the codec's own framing against. */
public final class TestFrames {
    private TestFrames() {
    }

    /** {@code bytes} in a buffer 64 bytes longer, as the codec reads a socket's buffer (word reads past the end). */
    public static UnsafeBuffer padded(byte[] bytes) {
        UnsafeBuffer b = new UnsafeBuffer(new byte[bytes.length + 64]);
        b.putBytes(0, bytes);
        return b;
    }

    /** A whole message: BeginString, BodyLength and CheckSum around {@code body}, its fields separated by '|'. */
    public static byte[] frame(String beginString, String body) {
        String b = body.replace('|', '\u0001');
        String head = "8=" + beginString + "\u00019=" + b.length() + "\u0001";
        int sum = 0;
        for (byte x : (head + b).getBytes(StandardCharsets.ISO_8859_1)) {
            sum += x & 0xFF;
        }
        return (head + b + String.format("10=%03d\u0001", sum % 256)).getBytes(StandardCharsets.ISO_8859_1);
    }
}
