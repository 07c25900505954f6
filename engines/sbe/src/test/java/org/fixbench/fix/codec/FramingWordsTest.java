package org.fixbench.fix.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.fix.TestFrames;
import org.junit.jupiter.api.Test;

/**
 * The differential test of framing by whole words: on every input of the fuzz corpus and on generated messages,
 * each damaged at random (a byte changed, BodyLength or CheckSum off, cut short, bytes before it), at every offset and
 * for shorter spans at hand, {@link Framing#frame} and {@link Framing#frameUnchecked} must give what the
 * byte-by-byte path ({@link Framing#frameBytes}) gives, with the same error tag.
 */
class FramingWordsTest {
    private final Framing framing = new Framing(1024);
    private long compared;
    private long framedWhole;

    @Test
    void theCorpusAndDamagedMessagesFrameAsByteByByte() throws IOException, URISyntaxException {
        List<byte[]> inputs = new ArrayList<>();
        for (String target : List.of("FuzzTargetsTestInputs", "SessionFuzzTestInputs")) { // both fuzz targets' corpora
            try (Stream<Path> files = Files.walk(Path.of(getClass()
                    .getResource("/org/fixbench/engine/sbe/" + target).toURI()))) {
                for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                    inputs.add(Files.readAllBytes(p));
                }
            }
        }
        Random random = new Random(20261128);
        for (int i = 0; i < 3_000; i++) {
            byte[] message = TestFrames.frame("FIX.4.4", "35=D|49=CLIENT|56=SERVER|34=" + random.nextInt(100_000)
                    + "|52=20261128-12:00:00.000|11=" + random.nextLong() + "|55=ACME|54=1|38=100|40=2|44=1.5|"
                    + (random.nextBoolean() ? "58=" + "t".repeat(1 + random.nextInt(900)) + "|" : ""));
            inputs.add(damaged(message, random));
        }
        for (byte[] input : inputs) {
            UnsafeBuffer buffer = new UnsafeBuffer(input);
            for (int offset = 0; offset < input.length; offset++) {
                compare(buffer, offset, input.length - offset);
                compare(buffer, offset, random.nextInt(input.length - offset + 1));
            }
        }
        assertTrue(framedWhole > 1_000, "many inputs frame whole: " + framedWhole);
        assertTrue(compared > 100_000, "compared " + compared);
    }

    private void compare(UnsafeBuffer buffer, int offset, int available) {
        for (boolean verify : new boolean[] {true, false}) {
            int expected = framing.frameBytes(buffer, offset, available, verify);
            int expectedTag = framing.errorTag();
            int actual = verify ? framing.frame(buffer, offset, available)
                    : framing.frameUnchecked(buffer, offset, available);
            assertEquals(expected, actual, () -> "at " + offset + " of " + available + " bytes: "
                    + new String(buffer.byteArray(), offset, available, StandardCharsets.ISO_8859_1)
                    .replace('\u0001', '|'));
            assertEquals(expectedTag, framing.errorTag(), "the error tag at " + offset);
            if (actual > 0 && verify) {
                framedWhole++;
            }
            compared++;
        }
    }

    /** The message as it is (a third of the time) or damaged in one way. */
    private static byte[] damaged(byte[] message, Random random) {
        byte[] m = message.clone();
        switch (random.nextInt(9)) {
            case 0, 1, 2 -> {
                return m;
            }
            case 3 -> m[random.nextInt(m.length)] = (byte) random.nextInt(256);
            case 4 -> m[12 + random.nextInt(3)] = (byte) ('0' + random.nextInt(10)); // BodyLength's digits
            case 5 -> m[m.length - 2 - random.nextInt(3)] = (byte) ('0' + random.nextInt(10)); // CheckSum's
            case 6 -> m[m.length - 1 - random.nextInt(8)] = (byte) "=10\u0001x".charAt(random.nextInt(5));
            case 7 -> {
                return java.util.Arrays.copyOf(m, random.nextInt(m.length));
            }
            default -> {
                byte[] junk = new byte[1 + random.nextInt(20)];
                random.nextBytes(junk);
                byte[] joined = java.util.Arrays.copyOf(junk, junk.length + m.length);
                System.arraycopy(m, 0, joined, junk.length, m.length);
                return joined;
            }
        }
        return m;
    }
}
