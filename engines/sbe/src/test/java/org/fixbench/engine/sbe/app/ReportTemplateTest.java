package org.fixbench.engine.sbe.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.stream.Stream;

import org.agrona.concurrent.UnsafeBuffer;
import org.fixbench.engine.Workload;
import org.fixbench.engine.sbe.RawFixPeer;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.Framing;
import org.fixbench.fix.session.SessionConfig;
import org.junit.jupiter.api.Test;

/**
 * The differential test of the ExecutionReport's template ({@link OrderPath#reportBody}): for generated orders and
 * for every order in the fuzz corpus, its body must be byte for byte the reference's ({@link
 * OrderPath#referenceReportBody}: the report built in the SBE model and written from it).
 */
class ReportTemplateTest {
    private static final int GENERATED = 20_000;
    private static final String PRINTABLE =
            "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";

    private final OrderPath template = path();
    private final OrderPath reference = path();
    private final FixWriter templateOut = new FixWriter(8192);
    private final FixWriter referenceOut = new FixWriter(8192);
    private int compared;

    private static OrderPath path() {
        Properties p = new Properties();
        p.setProperty("validation", "session");
        return new OrderPath(SessionConfig.of(p, Workload.SERVER_COMP_ID, Workload.CLIENT_COMP_ID, true));
    }

    @Test
    void generatedOrdersGiveTheReferenceBytes() {
        Random random = new Random(20261128);
        for (int i = 0; i < GENERATED; i++) {
            String order = "35=D|49=C|56=S|34=" + (i + 2) + "|52=20261128-12:00:00.000"
                    + (random.nextInt(4) == 0 ? "" : "|1=" + text(random, 1 + random.nextInt(12)))
                    + "|11=" + text(random, 1 + random.nextInt(32))
                    + "|21=" + (char) ('1' + random.nextInt(3))
                    + "|38=" + decimal(random)
                    + "|40=" + (char) ('1' + random.nextInt(4))
                    + (random.nextBoolean() ? "|44=" + decimal(random) : "")
                    + "|54=" + (char) ('1' + random.nextInt(9))
                    + "|55=" + text(random, 1 + random.nextInt(16))
                    + "|59=" + (char) ('0' + random.nextInt(8))
                    + "|60=20261128-12:00:00.000|";
            long counter = random.nextInt(3) == 0 ? random.nextInt(1_000) : (long) (random.nextDouble() * 1e11);
            long nowMillis = (long) (random.nextDouble() * 4_102_444_800_000L); // 1970 to 2100
            assertTrue(compare(RawFixPeer.frame("FIX.4.4", order), counter, nowMillis), order);
        }
        assertEquals(GENERATED, compared);
    }

    @Test
    void everyOrderOfTheFuzzCorpusGivesTheReferenceBytes() throws IOException, URISyntaxException {
        List<Path> inputs = new java.util.ArrayList<>();
        for (String target : List.of("FuzzTargetsTestInputs", "SessionFuzzTestInputs")) { // both fuzz targets' corpora
            URL corpus = getClass().getResource("/org/fixbench/engine/sbe/" + target);
            try (Stream<Path> files = Files.walk(Path.of(corpus.toURI()))) {
                inputs.addAll(files.filter(Files::isRegularFile).sorted().toList());
            }
        }
        assertTrue(inputs.size() >= 10, "the corpus has its inputs: " + inputs.size());
        Framing framing = new Framing(8192);
        int orders = 0;
        for (Path input : inputs) {
            byte[] bytes = Files.readAllBytes(input);
            UnsafeBuffer buffer = new UnsafeBuffer(bytes);
            for (int at = 0; at < bytes.length; ) {
                int length = framing.frameUnchecked(buffer, at, bytes.length - at);
                if (length <= 0) {
                    at++;
                    continue;
                }
                byte[] message = java.util.Arrays.copyOfRange(bytes, at, at + length);
                if (compare(message, 42, 1_764_331_200_123L)) {
                    orders++;
                }
                at += length;
            }
        }
        assertTrue(orders > 0, "the corpus holds orders the server answers");
    }

    /** Whether the message is an order the server answers; if so, asserts both bodies are the same bytes. */
    private boolean compare(byte[] message, long counter, long nowMillis) {
        UnsafeBuffer in = RawFixPeer.padded(message);
        boolean ordered = template.parse(in, 0, message.length) == 1 && template.hasQuantity();
        assertEquals(ordered, reference.parse(in, 0, message.length) == 1 && reference.hasQuantity());
        if (!ordered) {
            return false;
        }
        template.countFrom(counter);
        reference.countFrom(counter);
        template.reportBody(nowMillis, templateOut.reset());
        reference.referenceReportBody(nowMillis, referenceOut.reset());
        assertEquals(body(referenceOut), body(templateOut), new String(message, StandardCharsets.ISO_8859_1));
        compared++;
        return true;
    }

    private static String body(FixWriter w) {
        byte[] bytes = new byte[w.bodyLength()];
        for (int k = 0; k < bytes.length; k++) {
            bytes[k] = w.bodyByte(k);
        }
        return new String(bytes, StandardCharsets.ISO_8859_1).replace('\u0001', '|');
    }

    private static String text(Random random, int length) {
        StringBuilder s = new StringBuilder(length);
        for (int k = 0; k < length; k++) {
            s.append(PRINTABLE.charAt(random.nextInt(PRINTABLE.length())));
        }
        return s.toString().replace('|', '/');
    }

    /** A quantity or price as FIX writes them: integers, fractions, leading zeros, now and then negative. */
    private static String decimal(Random random) {
        long units = switch (random.nextInt(4)) {
            case 0 -> random.nextInt(10);
            case 1 -> random.nextInt(100_000);
            case 2 -> (long) (random.nextDouble() * 1e9);
            default -> random.nextInt(1_000);
        };
        String s = (random.nextInt(10) == 0 ? "-" : "") + (random.nextInt(8) == 0 ? "00" : "") + units;
        return random.nextInt(3) == 0 ? s : s + "." + random.nextInt(1_000_000);
    }
}
